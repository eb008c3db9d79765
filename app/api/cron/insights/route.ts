import { cronRoute } from "@/lib/api/route";
import { runJob } from "@/lib/cron/run-job";
import { refreshInsightsSnapshots } from "@/lib/insights/refresh-insights-snapshots";

// GET /api/cron/insights - a new Insights snapshot for every business with customers (daily)
export const GET = cronRoute({}, ({ now }) => runJob("insights", () => refreshInsightsSnapshots(now)));
