import { businessRoute } from "@/lib/api/route";
import { startUpgrade } from "@/lib/billing/start-checkout";

// POST /api/billing/upgrade - start a checkout for the max subscription; answers redirectUrl (or a message)
export const POST = businessRoute({}, ({ auth, now }) => startUpgrade(auth.businessId, auth.actor, now));
