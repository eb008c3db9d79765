import { portalRoute } from "@/lib/api/route";
import { customerIdQuery } from "@/lib/validation/portal";
import { getPortalView } from "@/lib/portal/get-portal-view";
import { ACCESS_GRANTED, NO_PORTAL_ACCOUNT } from "@/lib/portal/verify-access";
import { portalScope } from "@/lib/portal/portal-customers";
import type { VerifyAccessResponse } from "@/lib/portal/types";

// GET /api/customer-portal/account - the portal view of the verified email (?customerId= picks one of several businesses)
export const GET = portalRoute({ query: customerIdQuery }, async ({ auth, query, now }): Promise<VerifyAccessResponse> => {
  const { customer, accounts } = await getPortalView(portalScope(auth), query.customerId, now);
  return { success: customer !== null, verified: true, email: auth.customerEmail, message: customer ? ACCESS_GRANTED : NO_PORTAL_ACCOUNT, customer, accounts };
});
