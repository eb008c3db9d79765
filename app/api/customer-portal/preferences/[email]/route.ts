import { portalRoute } from "@/lib/api/route";
import { customerIdQuery, emailParam } from "@/lib/validation/portal";
import { portalScope } from "@/lib/portal/portal-customers";
import { getPreferences } from "@/lib/portal/get-preferences";

// GET /api/customer-portal/preferences/{email} - the preferences record of one account (?customerId= when there are several)
export const GET = portalRoute({ params: emailParam, query: customerIdQuery }, async ({ auth, params, query }) => {
  return getPreferences(portalScope(auth, params.email), query.customerId);
});
