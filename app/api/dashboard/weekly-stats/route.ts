import { businessRoute } from "@/lib/api/route";
import { getWeeklyStats } from "@/lib/dashboard/get-weekly-stats";

// GET /api/dashboard/weekly-stats - sign-ups, transactions, revenue and points per day of the last 7
export const GET = businessRoute({}, ({ auth, now }) => getWeeklyStats(auth.businessId, now));
