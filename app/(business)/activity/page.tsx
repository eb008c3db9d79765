import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ActivityHub } from "@/components/activity/activity-hub";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { listEmailLogs } from "@/lib/activity/list-email-logs";
import { LOG_PAGE_DEFAULT } from "@/lib/validation/account";
import { asJson } from "@/lib/api/as-json";

export const metadata: Metadata = { title: "Activity" };

// Issue 23: the first tab's first page is read here, as GET /api/business/email-logs reads it, so the
// email log's rows are in the first HTML instead of after a request.
export default async function Page() {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  const emails = await listEmailLogs(principal.businessId, { limit: LOG_PAGE_DEFAULT });
  return <ActivityHub firstEmails={asJson(emails)} />;
}
