import { businessRoute } from "@/lib/api/route";
import { getImpactStats } from "@/lib/dashboard/get-impact-stats";

// GET /api/dashboard/impact-stats - customers, cards in use and revenue from return visits
export const GET = businessRoute({}, ({ auth }) => getImpactStats(auth.businessId));
