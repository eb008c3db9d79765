import { staffRoute } from "@/lib/api/route";
import { claimReferral } from "@/lib/referrals/claim-referral";
import { claimReferralSchema } from "@/lib/validation/referrals";

// POST /api/referrals/claim - a new customer joined with a friend's referral code (bonus for both at the first purchase)
export const POST = staffRoute({ body: claimReferralSchema }, ({ auth, body, now }) => claimReferral(auth.businessId, body, auth.actor, now));
