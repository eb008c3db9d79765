import { businessRoute } from "@/lib/api/route";
import { logPageQuerySchema } from "@/lib/validation/account";
import { listEmailLogs } from "@/lib/activity/list-email-logs";

// GET /api/business/email-logs?before=&limit= - the emails sent for the business, newest first (default 100)
export const GET = businessRoute({ query: logPageQuerySchema }, ({ auth, query }) => listEmailLogs(auth.businessId, query));
