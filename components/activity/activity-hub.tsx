"use client";

import { useState, type ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { ActivityLogDto, EmailLogDto, LogPage } from "@/lib/activity/activity-log-dto";
import { useLogPages } from "@/components/activity/use-log-pages";
import { useRefreshSpinner } from "@/components/activity/use-refresh-spinner";
import { preloadable, usePreloaded } from "@/components/ui/use-preloaded";
import { EmailLogTable } from "@/components/activity/email-log-table";
import { ActivityLogTable } from "@/components/activity/activity-log-table";
import { ACTIVITY_TABS, ActivityHubFrame, LogPanelCard, OlderEntriesButton, tabTakeoverKey, type ActivityTab } from "@/components/activity/activity-hub-parts";

// The activity hub (/activity, spec 3 section 2): communications (the email log) and the activity
// log, each with a refresh button (refetch + a spinner dialog for about 0.8 s) and older pages.
// Issue 23: the page renders the first screen on the server with the email log's first page
// (activity-hub-screen.tsx) and this hub takes over after load (activity-hub-island.tsx), starting
// from that page; the activity log is read when its tab is opened, as before. The spinner dialog
// (Radix Dialog) is fetched when a panel mounts.

const spinnerDialog = preloadable(() => import("@/components/activity/refresh-spinner"));

const [EMAILS, ACTIVITY] = ACTIVITY_TABS;

export function ActivityHub({ firstEmails }: { firstEmails?: LogPage<EmailLogDto> }) {
  const [tab, setTab] = useState<ActivityTab>(EMAILS.value);
  return (
    <ActivityHubFrame>
      <Tabs value={tab} onValueChange={(v) => setTab(v as ActivityTab)}>
        <TabsList>
          {ACTIVITY_TABS.map((t) => (
            // A click opens the tab too (Radix opens on mouse down): the server screen replays a click
            // pressed before this code was in.
            <TabsTrigger key={t.value} value={t.value} onClick={() => setTab(t.value)} data-takeover-key={tabTakeoverKey(t.value)}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={EMAILS.value}>
          <LogPanel<EmailLogDto> queryKey={queryKeys.emailLogs} first={firstEmails} title={EMAILS.title} render={(logs) => <EmailLogTable logs={logs} />} />
        </TabsContent>
        <TabsContent value={ACTIVITY.value}>
          <LogPanel<ActivityLogDto> queryKey={queryKeys.activityLogs} title={ACTIVITY.title} render={(logs) => <ActivityLogTable logs={logs} />} />
        </TabsContent>
      </Tabs>
    </ActivityHubFrame>
  );
}

function LogPanel<T>({ queryKey, first, title, render }: { queryKey: readonly [string]; first?: LogPage<T>; title: string; render: (logs: T[]) => ReactNode }) {
  const pages = useLogPages<T>(queryKey, first);
  const spinner = usePreloaded(spinnerDialog);
  const { spinning, refresh } = useRefreshSpinner(pages.refetch);
  const logs = pages.data?.pages.flatMap((p) => p.logs) ?? [];

  return (
    <LogPanelCard title={title} onRefresh={refresh} refreshing={spinning} after={spinner && <spinner.RefreshSpinnerDialog open={spinning} />}>
      {pages.isPending ? (
        <div role="status" className="grid gap-2" aria-busy="true" aria-label={`Loading the ${title}`}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : pages.isError ? (
        <Alert variant="destructive">
          <AlertTitle>could not load the {title}</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(pages.error)}</p>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          {render(logs)}
          {pages.hasNextPage && <OlderEntriesButton title={title} onClick={() => pages.fetchNextPage()} loading={pages.isFetchingNextPage} />}
        </>
      )}
    </LogPanelCard>
  );
}
