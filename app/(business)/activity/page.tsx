import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ActivityHubScreen } from "@/components/activity/activity-hub-screen";
import { ActivityHubIsland } from "@/components/activity/activity-hub-island";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { listEmailLogs } from "@/lib/activity/list-email-logs";
import { LOG_PAGE_DEFAULT } from "@/lib/validation/account";
import { asJson } from "@/lib/rules/as-json";

export const metadata: Metadata = { title: "Activity" };

// Issue 23: the first tab's first page is read here, as GET /api/business/email-logs reads it, and the
// first screen is rendered with it on the server; the hub's code takes over after the page has loaded.
export default async function Page() {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  const emails = asJson<Awaited<ReturnType<typeof listEmailLogs>>>(await listEmailLogs(principal.businessId, { limit: LOG_PAGE_DEFAULT }));
  return (
    <ActivityHubIsland firstEmails={emails}>
      <ActivityHubScreen firstEmails={emails} />
    </ActivityHubIsland>
  );
}
