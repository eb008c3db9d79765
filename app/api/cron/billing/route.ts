import { cronRoute } from "@/lib/api/route";
import { runJob } from "@/lib/cron/run-job";
import { runBillingJob } from "@/lib/billing/run-billing-job";

// GET /api/cron/billing - downgrades and payment grace that ran out (auto-parking), trial expiry, final deletion of parked customers
export const GET = cronRoute({}, ({ now }) => runJob("billing", () => runBillingJob(now)));
