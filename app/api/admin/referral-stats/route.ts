import { adminRoute } from "@/lib/api/route";
import { getReferralStats } from "@/lib/admin/monitoring/get-referral-stats";

// GET /api/admin/referral-stats - totals for referrals, active trials and conversions
export const GET = adminRoute({}, ({ now }) => getReferralStats(now));
