import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { InsightsPage, type Insights } from "@/components/insights/insights-page";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { getInsightsSnapshot } from "@/lib/insights/get-insights-snapshot";
import { asJson } from "@/lib/rules/as-json";
import { reportServerError } from "@/lib/log";

export const metadata: Metadata = { title: "Insights" };

// Issue 25: programme insights (redemption and return rates, liability, cohorts, automation effect).
// Issue 23: the snapshot is read here, as GET /api/insights reads it, and the page streams it in.
export default async function Page() {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  const { businessId } = principal;
  const read = getInsightsSnapshot(businessId, new Date()).then(
    (answer) => asJson<Insights>(answer),
    (error: unknown) => {
      reportServerError(error, { source: "insights page", businessId });
      return null;
    },
  );
  return <InsightsPage read={read} />;
}
