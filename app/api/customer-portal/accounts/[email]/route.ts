import { portalRoute } from "@/lib/api/route";
import { emailParam } from "@/lib/validation/portal";
import { portalScope } from "@/lib/portal/portal-customers";
import { listPortalAccounts } from "@/lib/portal/list-portal-accounts";

// GET /api/customer-portal/accounts/{email} - the verified customer's accounts, one per business
export const GET = portalRoute({ params: emailParam }, async ({ auth, params }) => {
  return { accounts: await listPortalAccounts(portalScope(auth, params.email)) };
});
