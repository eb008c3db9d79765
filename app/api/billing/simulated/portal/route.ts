import { businessRoute } from "@/lib/api/route";
import { runSimulatedPortalAction } from "@/lib/billing/complete-simulated";
import { simulatedPortalBody } from "@/lib/validation/billing";

// POST /api/billing/simulated/portal - update payment, cancel, or fail a renewal in the simulated portal
export const POST = businessRoute({ body: simulatedPortalBody }, ({ auth, body, now }) =>
  runSimulatedPortalAction(auth.businessId, body.token, body.action, auth.actor, now),
);
