import { cronRoute } from "@/lib/api/route";
import { runJob } from "@/lib/cron/run-job";
import { runVoucherSendJobs } from "@/lib/vouchers/process-voucher-send-jobs";

// GET /api/cron/voucher-sends - carry on voucher send jobs a request started and did not finish (every minute)
export const GET = cronRoute({}, () => runJob("voucher-sends", () => runVoucherSendJobs()));
