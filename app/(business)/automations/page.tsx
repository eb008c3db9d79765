import type { Metadata } from "next";
import { AutomationsPage } from "@/components/automations/automations-page";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";

export const metadata: Metadata = { title: "Automations" };

// Issue 25: birthday, win-back, nearly-there and reward-available automations, with their log.
export default async function Page() {
  const principal = await getPageBusinessPrincipal();
  return <AutomationsPage businessName={principal?.business.name ?? "Your café"} />;
}
