import { businessRoute } from "@/lib/api/route";
import { getDashboardStats } from "@/lib/dashboard/get-dashboard-stats";

// GET /api/dashboard/stats - the dashboard's 7-day action-card figures and all-time tiles
export const GET = businessRoute({}, ({ auth, now }) => getDashboardStats(auth.businessId, now));
