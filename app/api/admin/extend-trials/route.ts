import { adminRoute } from "@/lib/api/route";
import { extendTrialsSchema } from "@/lib/validation/admin";
import { extendTrials } from "@/lib/billing/extend-trials";

// POST /api/admin/extend-trials - add days to every trial still running
export const POST = adminRoute({ body: extendTrialsSchema }, ({ auth, body, now }) => extendTrials(auth.actor, body.additionalDays, now));
