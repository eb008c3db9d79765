import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AutomationsPage, type AutomationSend } from "@/components/automations/automations-page";
import type { AutomationView } from "@/components/automations/automation-card";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { listAutomations, listAutomationSends } from "@/lib/automations/manage-automations";
import { asJson } from "@/lib/api/as-json";

export const metadata: Metadata = { title: "Automations" };

// Issue 25: birthday, win-back, nearly-there and reward-available automations, with their log.
// Issue 23: both are read here (GET /api/automations and GET /api/automations/log?limit=100 read the
// same functions), so the first HTML shows the business's own settings and log.
export default async function Page() {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  const [automations, log] = await Promise.all([listAutomations(principal.businessId), listAutomationSends(principal.businessId, { limit: 100 })]);
  return (
    <AutomationsPage
      businessName={principal.business.name}
      automations={asJson<{ automations: AutomationView[] }>(automations)}
      sends={asJson<{ sends: AutomationSend[] }>(log).sends}
    />
  );
}
