import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AutomationsScreen } from "@/components/automations/automations-screen";
import { AutomationsIsland } from "@/components/automations/automations-island";
import type { AutomationSend } from "@/components/automations/automations-page";
import { automationKey, type AutomationView } from "@/components/automations/automation-card-parts";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { listAutomations, listAutomationSends } from "@/lib/automations/manage-automations";
import { automationEmail } from "@/lib/automations/automation-email";
import { rewardText, SAMPLE_VARS } from "@/lib/automations/automation-rules";
import { renderEmail } from "@/lib/email/render-email";
import { asJson } from "@/lib/rules/as-json";

export const metadata: Metadata = { title: "Automations" };

// Issue 25: birthday, win-back, nearly-there and reward-available automations, with their log.
// Issue 23: both are read here (GET /api/automations and GET /api/automations/log?limit=100 read the
// same functions) and the email previews rendered, so the first HTML is the whole page; its code
// takes over after load.
export default async function Page() {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  const businessName = principal.business.name;
  const [list, log] = await Promise.all([listAutomations(principal.businessId), listAutomationSends(principal.businessId, { limit: 100 })]);
  const automations = asJson<{ automations: AutomationView[] }>(list);
  const previews = Object.fromEntries(
    await Promise.all(
      automations.automations.map(async (a) => {
        const { email } = automationEmail(a.subject, a.body, { ...SAMPLE_VARS, businessName, reward: rewardText(a) });
        return [automationKey(a), (await renderEmail(email)).html] as const;
      }),
    ),
  );
  const props = { businessName, automations, sends: asJson<{ sends: AutomationSend[] }>(log).sends, previews };
  return (
    <AutomationsIsland {...props}>
      <AutomationsScreen {...props} />
    </AutomationsIsland>
  );
}
