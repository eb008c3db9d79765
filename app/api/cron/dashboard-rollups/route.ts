import { cronRoute } from "@/lib/api/route";
import { runJob } from "@/lib/cron/run-job";
import { compactDashboardRollups } from "@/lib/dashboard/compact-dashboard-rollups";

// GET /api/cron/dashboard-rollups - fold the dashboard rollups' pending deltas (every minute)
export const GET = cronRoute({}, () => runJob("dashboard-rollups", () => compactDashboardRollups()));
