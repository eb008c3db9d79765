import { businessRoute } from "@/lib/api/route";
import { openPortal } from "@/lib/billing/start-checkout";

// POST /api/billing/portal - open the billing portal; answers url (null: the client stays on /account)
export const POST = businessRoute({}, ({ auth, now }) => openPortal(auth.businessId, now));
