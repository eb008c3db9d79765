import { businessRoute } from "@/lib/api/route";
import { getInsights } from "@/lib/insights/get-insights";

// GET /api/insights - programme insights: redemption and return rates, averages, liability, cohorts, automation effect
export const GET = businessRoute({}, ({ auth, now }) => getInsights(auth.businessId, now));
