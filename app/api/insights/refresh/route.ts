import { businessRoute } from "@/lib/api/route";
import { refreshInsights } from "@/lib/insights/refresh-insights";

// POST /api/insights/refresh - recompute the business's insights now (at most once per 5 minutes)
export const POST = businessRoute({}, ({ auth, now }) => refreshInsights(auth.businessId, now));
