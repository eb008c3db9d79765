import { businessRoute } from "@/lib/api/route";
import { listRateChanges } from "@/lib/rates/list-rate-changes";

// GET /api/business/points-audit-trail - the rate change log, newest first, and the latest minimum-redemption change
export const GET = businessRoute({}, ({ auth }) => listRateChanges(auth.businessId));
