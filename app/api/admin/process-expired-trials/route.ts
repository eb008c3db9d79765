import { adminRoute } from "@/lib/api/route";
import { expireTrials } from "@/lib/billing/expire-trials";

// POST /api/admin/process-expired-trials - move trials past their end to the starter plan (idempotent)
export const POST = adminRoute({}, ({ auth, now }) => expireTrials(auth.actor, now));
