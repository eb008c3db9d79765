import { businessRoute } from "@/lib/api/route";
import { requestDowngrade } from "@/lib/billing/request-downgrade";

// POST /api/subscription/downgrade - schedule the move from max to starter; answers message
export const POST = businessRoute({}, ({ auth, now }) => requestDowngrade(auth.businessId, auth.actor, now));
