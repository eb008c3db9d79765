import { TABS_CLASS, TABS_CONTENT_CLASS, TABS_LIST_CLASS, TABS_TRIGGER_CLASS } from "@/components/ui/tabs-classes";
import type { EmailLogDto, LogPage } from "@/lib/activity/activity-log-dto";
import { EmailLogTable } from "@/components/activity/email-log-table";
import { ACTIVITY_TABS, ActivityHubFrame, LogPanelCard, OlderEntriesButton, tabTakeoverKey } from "@/components/activity/activity-hub-parts";

// The activity hub's first screen, rendered on the server with the business's newest emails
// (issue 23): what the live hub (activity-hub.tsx) draws with them, from the same parts, without
// its code (Radix tabs, react-query, the spinner dialog). ActivityHubIsland swaps in the live hub;
// the tabs here are the markup Radix draws, the communications tab open.

const id = (kind: "trigger" | "content", tab: string) => `activity-hub-${kind}-${tab}`;

export function ActivityHubScreen({ firstEmails }: { firstEmails: LogPage<EmailLogDto> }) {
  const [emails] = ACTIVITY_TABS;
  return (
    <ActivityHubFrame>
      <div dir="ltr" data-orientation="horizontal" data-slot="tabs" className={TABS_CLASS}>
        <div role="tablist" aria-orientation="horizontal" data-orientation="horizontal" data-slot="tabs-list" className={TABS_LIST_CLASS}>
          {ACTIVITY_TABS.map((tab) => {
            const open = tab.value === emails.value;
            return (
              <button
                key={tab.value}
                type="button"
                role="tab"
                id={id("trigger", tab.value)}
                aria-selected={open}
                aria-controls={open ? id("content", tab.value) : undefined}
                data-state={open ? "active" : "inactive"}
                data-orientation="horizontal"
                data-slot="tabs-trigger"
                tabIndex={open ? 0 : -1}
                className={TABS_TRIGGER_CLASS}
                data-takeover-key={tabTakeoverKey(tab.value)}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        <div role="tabpanel" id={id("content", emails.value)} aria-labelledby={id("trigger", emails.value)} data-state="active" data-orientation="horizontal" data-slot="tabs-content" tabIndex={0} className={TABS_CONTENT_CLASS}>
          <LogPanelCard title={emails.title}>
            <EmailLogTable logs={firstEmails.logs} />
            {firstEmails.nextBefore !== null && <OlderEntriesButton title={emails.title} />}
          </LogPanelCard>
        </div>
      </div>
    </ActivityHubFrame>
  );
}
