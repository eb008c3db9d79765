import "server-only";
import { changeCustomerStatus } from "@/lib/customers/change-customer-status";
import { revokePortalAccess } from "@/lib/portal-access/portal-links";
import { resolvePortalCustomer } from "@/lib/portal/portal-customers";
import type { PortalScope } from "@/lib/portal-access/portal-scope";

/** PATCH /api/customer-portal/snooze and /close: the customer snoozes or closes one of their own
 *  accounts, through the same rules (and activity row) as the business's own buttons. Closing ends
 *  every portal link and link-scoped session of the record. */
export async function changePortalAccountStatus(scope: PortalScope, customerId: number | undefined, change: "snooze" | "close", now = new Date()) {
  const c = await resolvePortalCustomer(scope, customerId);
  const after = await changeCustomerStatus(c.businessId, c.id, change, { type: "customer", id: c.id, name: c.name }, now);
  if (change === "close") await revokePortalAccess(c.id, now);
  return { id: after.id, businessName: c.business.name, accountStatus: after.accountStatus };
}
