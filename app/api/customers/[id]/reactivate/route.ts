import { businessRoute, idParam } from "@/lib/api/route";
import { changeCustomerStatus } from "@/lib/customers/change-customer-status";

// PATCH /api/customers/{id}/reactivate - wake a snoozed customer account
export const PATCH = businessRoute({ params: idParam }, ({ auth, params, now }) => changeCustomerStatus(auth.businessId, params.id, "reactivate", auth.actor, now));
