import { businessRoute } from "@/lib/api/route";
import { getBusinessSettings } from "@/lib/business/get-business-settings";

// GET /api/business - the business settings record (no password hash, reset token or Stripe ids)
export const GET = businessRoute({}, ({ auth }) => getBusinessSettings(auth.businessId));
