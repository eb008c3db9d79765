import { businessRoute } from "@/lib/api/route";
import { logPageQuerySchema } from "@/lib/validation/account";
import { listActivityLogs } from "@/lib/activity/list-activity-logs";

// GET /api/business/activity-logs?before=&limit= - who did what in the business, newest first (default 100)
export const GET = businessRoute({ query: logPageQuerySchema }, ({ auth, query }) => listActivityLogs(auth.businessId, query));
