import { portalRoute } from "@/lib/api/route";
import { preferencesSchema } from "@/lib/validation/portal";
import { portalScope } from "@/lib/portal/portal-customers";
import { updatePreferences } from "@/lib/portal/update-preferences";

// PUT /api/customer-portal/preferences/all - apply the same preferences to every account of the verified email
export const PUT = portalRoute({ body: preferencesSchema }, async ({ auth, body, now }) => {
  const updated = await updatePreferences(portalScope(auth, body.email), body, "all", now);
  return { message: "All accounts updated", updated: updated.length, accounts: updated };
});
