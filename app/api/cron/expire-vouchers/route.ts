import { cronRoute } from "@/lib/api/route";
import { runJob } from "@/lib/cron/run-job";
import { expireVouchers } from "@/lib/vouchers/expire-vouchers";

// GET /api/cron/expire-vouchers - mark active vouchers past their expiry as expired (daily)
export const GET = cronRoute({}, ({ now }) => runJob("expire-vouchers", () => expireVouchers(now)));
