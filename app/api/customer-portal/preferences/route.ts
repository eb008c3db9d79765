import { portalRoute } from "@/lib/api/route";
import { preferencesSchema } from "@/lib/validation/portal";
import { portalScope } from "@/lib/portal/portal-customers";
import { updatePreferences } from "@/lib/portal/update-preferences";

// PUT /api/customer-portal/preferences - the customer updates the names, phone and marketing consents of one account
export const PUT = portalRoute({ body: preferencesSchema }, async ({ auth, body, now }) => {
  const [preferences] = await updatePreferences(portalScope(auth, body.email), body, "one", now);
  return { message: "Preferences updated", preferences };
});
