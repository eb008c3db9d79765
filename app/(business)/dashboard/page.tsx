import type { Metadata } from "next";
import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { toCurrentUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Dashboard" };

const ukHour = new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: "Europe/London" });

// The greeting is the page's largest text: rendering it on the server (with the signed-in user the
// layout already checked, and the UK hour until the browser's own clock takes over) lets it paint
// with the HTML instead of after the JavaScript and a round trip to /api/auth/user.
export default async function Page() {
  const principal = await getPageBusinessPrincipal();
  return <DashboardPage initialUser={principal ? toCurrentUser(principal) : undefined} initialHour={Number(ukHour.format(new Date()))} />;
}
