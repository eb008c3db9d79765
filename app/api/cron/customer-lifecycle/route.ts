import { cronRoute } from "@/lib/api/route";
import { runJob } from "@/lib/cron/run-job";
import { runCustomerLifecycle } from "@/lib/customers/run-customer-lifecycle";

// GET /api/cron/customer-lifecycle - sleep statuses, scheduled deletions, archiving of closed accounts (daily)
export const GET = cronRoute({}, ({ now }) => runJob("customer-lifecycle", () => runCustomerLifecycle(now)));
