import { businessRoute } from "@/lib/api/route";
import { getReferralStats } from "@/lib/referrals/get-referral-stats";

// GET /api/referrals - referral stats, top referrers and who referred whom
export const GET = businessRoute({}, ({ auth }) => getReferralStats(auth.businessId));
