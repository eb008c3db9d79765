import { businessRoute, idParam } from "@/lib/api/route";
import { changeCustomerStatus } from "@/lib/customers/change-customer-status";

// PATCH /api/customers/{id}/close-by-business - close a customer account permanently (the control the UI uses)
export const PATCH = businessRoute({ params: idParam }, ({ auth, params, now }) => changeCustomerStatus(auth.businessId, params.id, "close", auth.actor, now));
