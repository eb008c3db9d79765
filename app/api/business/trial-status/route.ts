import { businessRoute } from "@/lib/api/route";
import { getTrialStatus } from "@/lib/billing/billing-status";

// GET /api/business/trial-status - hasActiveTrial, daysRemaining, trialEndDate
export const GET = businessRoute({}, ({ auth, now }) => getTrialStatus(auth.businessId, now));
