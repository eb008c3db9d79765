import { businessRoute } from "@/lib/api/route";
import { getBusinessSettings } from "@/lib/business/get-business-settings";
import { businessSettingsSchema } from "@/lib/validation/account";
import { updateBusinessSettings } from "@/lib/account/update-business-settings";

// GET /api/business - the business settings record (no password hash, reset token or Stripe ids)
export const GET = businessRoute({}, ({ auth }) => getBusinessSettings(auth.businessId));

// PUT /api/business - save the business name, address and website (the phone changes through verification)
export const PUT = businessRoute({ body: businessSettingsSchema }, ({ auth, body, now }) => updateBusinessSettings(auth, body, now));
