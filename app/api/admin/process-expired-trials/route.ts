import { adminRoute } from "@/lib/api/route";
import { processExpiredTrials } from "@/lib/admin/trials";

// POST /api/admin/process-expired-trials - move trials past their end to the starter plan (idempotent)
export const POST = adminRoute({}, ({ auth, now }) => processExpiredTrials(auth.actor, now));
