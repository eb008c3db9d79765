import { businessRoute } from "@/lib/api/route";
import { getPaymentFailureStatus } from "@/lib/billing/billing-status";

// GET /api/subscription/payment-failure-status - requiresAction, daysRemaining (7-day grace)
export const GET = businessRoute({}, ({ auth, now }) => getPaymentFailureStatus(auth.businessId, now));
