import { businessRoute } from "@/lib/api/route";
import { getInsightsSnapshot } from "@/lib/insights/get-insights-snapshot";

// GET /api/insights - programme insights (redemption and return rates, averages, liability, cohorts,
// automation effect) from the business's snapshot, computed when missing or over a day old
export const GET = businessRoute({}, ({ auth, now }) => getInsightsSnapshot(auth.businessId, now));
