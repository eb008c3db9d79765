import { cronRoute } from "@/lib/api/route";
import { runJob } from "@/lib/cron/run-job";
import { housekeeping } from "@/lib/cron/housekeeping";

// GET /api/cron/housekeeping - delete expired sessions, codes and rate-limit windows (hourly)
export const GET = cronRoute({}, ({ now }) => runJob("housekeeping", () => housekeeping(now)));
