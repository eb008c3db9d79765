import { adminRoute } from "@/lib/api/route";
import { generateReferralCodeSchema } from "@/lib/validation/admin";
import { generateReferralCode } from "@/lib/admin/generate-referral-code";

// POST /api/admin/generate-referral-code - give a business a new referral code
export const POST = adminRoute({ body: generateReferralCodeSchema }, ({ auth, body }) => generateReferralCode(auth.actor, body.businessId));
