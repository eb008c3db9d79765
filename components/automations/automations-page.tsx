import { AutomationList } from "@/components/automations/automation-list";
import { AutomationLog, type AutomationSend } from "@/components/automations/automation-log";
import { AutomationsFrame, type AutomationPreviews, type AutomationView } from "@/components/automations/automation-card-parts";

export type { AutomationSend };

export type AutomationsPageProps = { businessName: string; automations: { automations: AutomationView[] }; sends: AutomationSend[]; previews?: AutomationPreviews };

// The Automations page (issue 25): the four automations and the log of what they sent. Issue 23:
// the page renders it first on the server (automations-screen.tsx) and this live page takes over
// after load (automations-island.tsx), starting from the settings, log and previews read there.
export function AutomationsPage({ businessName, automations, sends, previews }: AutomationsPageProps) {
  return (
    <AutomationsFrame>
      <AutomationList businessName={businessName} initial={automations} previews={previews} />
      <AutomationLog sends={sends} />
    </AutomationsFrame>
  );
}
