import { adminRoute } from "@/lib/api/route";
import { getAdminStats } from "@/lib/admin/get-admin-stats";

// GET /api/admin/stats - platform headline numbers for the five stat cards
export const GET = adminRoute({}, ({ now }) => getAdminStats(now));
