import { StaticCheckbox, StaticLabel, StaticSwitch } from "@/components/ui/static-controls";
import { AutomationLog } from "@/components/automations/automation-log";
import { AutomationCardView, AutomationsFrame, automationKey, type AutomationCardControls } from "@/components/automations/automation-card-parts";
import type { AutomationsPageProps } from "@/components/automations/automations-page";

// The Automations page's first screen, rendered on the server with the business's automations,
// their email previews and the log (issue 23): what the live page draws, from the same parts,
// without its code (Radix controls, react-query, the form handlers). AutomationsIsland swaps in the
// live page.

const STATIC_CONTROLS: AutomationCardControls = { Switch: StaticSwitch, Checkbox: StaticCheckbox, Label: StaticLabel };

export function AutomationsScreen({ businessName, automations, sends, previews = {} }: AutomationsPageProps) {
  return (
    <AutomationsFrame>
      {automations.automations.map((a) => (
        <AutomationCardView key={automationKey(a)} automation={a} draft={a} businessName={businessName} controls={STATIC_CONTROLS} previewHtml={previews[automationKey(a)] ?? null} />
      ))}
      <AutomationLog sends={sends} />
    </AutomationsFrame>
  );
}
