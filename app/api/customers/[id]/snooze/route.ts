import { businessRoute, idParam } from "@/lib/api/route";
import { changeCustomerStatus } from "@/lib/customers/change-customer-status";

// PATCH /api/customers/{id}/snooze - put a customer to sleep until their next transaction
export const PATCH = businessRoute({ params: idParam }, ({ auth, params, now }) => changeCustomerStatus(auth.businessId, params.id, "snooze", auth.actor, now));
