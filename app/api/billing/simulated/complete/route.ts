import { businessRoute } from "@/lib/api/route";
import { completeSimulatedCheckout } from "@/lib/billing/complete-simulated";
import { simulatedCompleteBody } from "@/lib/validation/billing";

// POST /api/billing/simulated/complete - pay or fail the simulated checkout (no Stripe keys only)
export const POST = businessRoute({ body: simulatedCompleteBody }, ({ auth, body, now }) =>
  completeSimulatedCheckout(auth.businessId, body.token, body.outcome, auth.actor, now),
);
