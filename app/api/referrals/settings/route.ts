import { businessRoute, staffRoute } from "@/lib/api/route";
import { getReferralSettings, updateReferralSettings } from "@/lib/referrals/get-referral-settings";
import { referralSettingsSchema } from "@/lib/validation/referrals";

// GET /api/referrals/settings - refer-a-friend switch, bonus points and monthly cap per referrer
export const GET = staffRoute({}, ({ auth }) => getReferralSettings(auth.businessId));

// PUT /api/referrals/settings - owner switches refer-a-friend on or off, sets the bonus and the cap
export const PUT = businessRoute({ body: referralSettingsSchema }, ({ auth, body }) => updateReferralSettings(auth.businessId, body));
