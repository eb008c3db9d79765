import { adminRoute } from "@/lib/api/route";
import { listCronJobs } from "@/lib/cron/list-cron-jobs";

// GET /api/admin/cron-jobs - every scheduled job with its last run, duration, result and last error
export const GET = adminRoute({}, ({ now }) => listCronJobs(now));
