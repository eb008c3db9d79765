import type { Metadata } from "next";
import { InsightsPage } from "@/components/insights/insights-page";
import { QueryProvider } from "@/components/query-provider";

export const metadata: Metadata = { title: "Insights" };

// Issue 25: programme insights (redemption and return rates, liability, cohorts, automation effect).
export default function Page() {
  return (
    <QueryProvider>
      <InsightsPage />
    </QueryProvider>
  );
}
