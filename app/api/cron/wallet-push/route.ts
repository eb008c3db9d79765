import { cronRoute } from "@/lib/api/route";
import { runJob } from "@/lib/cron/run-job";
import { sweepPendingPushes } from "@/lib/wallet/push/sweep-pending-pushes";

// GET /api/cron/wallet-push - retry wallet pass pushes that failed or were lost (every 5 minutes)
export const GET = cronRoute({}, () => runJob("wallet-push", () => sweepPendingPushes()));
