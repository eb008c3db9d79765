import { businessRoute } from "@/lib/api/route";
import { marketingPreferencesSchema } from "@/lib/validation/account";
import { updateMarketingPreferences } from "@/lib/account/update-marketing-preferences";

// PUT /api/business/marketing-preferences - the owner's own email and SMS marketing consent
export const PUT = businessRoute({ body: marketingPreferencesSchema }, ({ auth, body }) => updateMarketingPreferences(auth, body));
