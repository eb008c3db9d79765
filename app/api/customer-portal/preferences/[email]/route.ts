import { portalRoute } from "@/lib/api/route";
import { customerIdQuery, emailParam } from "@/lib/validation/portal";
import { assertOwnEmail } from "@/lib/portal/portal-customers";
import { getPreferences } from "@/lib/portal/get-preferences";

// GET /api/customer-portal/preferences/{email} - the preferences record of one account (?customerId= when there are several)
export const GET = portalRoute({ params: emailParam, query: customerIdQuery }, async ({ auth, params, query }) => {
  assertOwnEmail(auth, params.email);
  return getPreferences(params.email, query.customerId);
});
