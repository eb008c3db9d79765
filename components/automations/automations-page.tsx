import { AutomationList } from "@/components/automations/automation-list";
import { AutomationLog, type AutomationSend } from "@/components/automations/automation-log";
import type { AutomationView } from "@/components/automations/automation-card";

export type { AutomationSend };

// The Automations page (issue 25): the four automations and the log of what they sent. A server
// component (issue 23): the heading and the log are HTML; the cards are the client island, started
// from the settings the page read on the server.
export function AutomationsPage({ businessName, automations, sends }: { businessName: string; automations: { automations: AutomationView[] }; sends: AutomationSend[] }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">automations</h1>
        <p className="text-sm text-muted-foreground">
          Messages go out once a day, only to customers who agreed to that channel; never to closed, sleeping, snoozed or parked customers; no SMS between 21:00 and 08:00, and at most 2 marketing texts per customer a month (vouchers included).
        </p>
      </div>
      <AutomationList businessName={businessName} initial={automations} />
      <AutomationLog sends={sends} />
    </div>
  );
}
