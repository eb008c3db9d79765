import { adminRoute } from "@/lib/api/route";
import { listReferralActivity } from "@/lib/admin/monitoring/get-referral-stats";

// GET /api/admin/referral-activity - the latest referrals with days remaining in each trial
export const GET = adminRoute({}, ({ now }) => listReferralActivity(now));
