import { businessRoute, staffRoute } from "@/lib/api/route";
import { getTierSettings } from "@/lib/tiers/get-tier-settings";
import { updateTierSettings } from "@/lib/tiers/update-tier-settings";
import { tierSettingsSchema } from "@/lib/validation/tiers";

// GET /api/tiers - the business's VIP tier programme (Bronze/Silver/Gold, switched off, until saved)
export const GET = staffRoute({}, ({ auth }) => getTierSettings(auth.businessId));

// PUT /api/tiers - owner sets tier names, thresholds, basis and multipliers, and switches tiers on or off
export const PUT = businessRoute({ body: tierSettingsSchema }, ({ auth, body, now }) => updateTierSettings(auth.businessId, body, auth.actor, now));
