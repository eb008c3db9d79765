import "server-only";
import { changeCustomerStatus } from "@/lib/customers/change-customer-status";
import { resolvePortalCustomer } from "@/lib/portal/portal-customers";

/** PATCH /api/customer-portal/snooze and /close: the customer snoozes or closes one of their own
 *  accounts, through the same rules (and activity row) as the business's own buttons. */
export async function changePortalAccountStatus(email: string, customerId: number | undefined, change: "snooze" | "close", now = new Date()) {
  const c = await resolvePortalCustomer(email, customerId);
  const after = await changeCustomerStatus(c.businessId, c.id, change, { type: "customer", id: c.id, name: c.name }, now);
  return { id: after.id, businessName: c.business.name, accountStatus: after.accountStatus };
}
