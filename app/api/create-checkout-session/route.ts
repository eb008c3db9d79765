import { businessRoute } from "@/lib/api/route";
import { startReactivationCheckout } from "@/lib/billing/start-checkout";
import { reactivationCheckoutBody } from "@/lib/validation/billing";

// POST /api/create-checkout-session - start the paid reactivation of a parked customer; answers url
export const POST = businessRoute({ body: reactivationCheckoutBody }, ({ auth, body, now }) =>
  startReactivationCheckout(auth.businessId, body.reactivateCustomerId, now),
);
