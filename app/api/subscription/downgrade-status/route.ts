import { businessRoute } from "@/lib/api/route";
import { getDowngradeStatus } from "@/lib/billing/billing-status";

// GET /api/subscription/downgrade-status - isDowngrading, requiresAction, daysRemaining
export const GET = businessRoute({}, ({ auth, now }) => getDowngradeStatus(auth.businessId, now));
