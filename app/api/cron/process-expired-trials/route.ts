import { cronRoute } from "@/lib/api/route";
import { runJob } from "@/lib/cron/run-job";
import { SYSTEM_ACTOR } from "@/lib/auth/principal";
import { processExpiredTrials } from "@/lib/admin/trials";

// GET /api/cron/process-expired-trials - move trials past their end to the starter plan (daily)
export const GET = cronRoute({}, ({ now }) => runJob("process-expired-trials", () => processExpiredTrials(SYSTEM_ACTOR, now)));
