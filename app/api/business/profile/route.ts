import { businessRoute } from "@/lib/api/route";
import { getBusinessProfile } from "@/lib/business/get-business-profile";

// GET /api/business/profile - the points configuration (rates, minimum redemption, plan), with the spec's fallbacks
export const GET = businessRoute({}, ({ auth }) => getBusinessProfile(auth.businessId));
