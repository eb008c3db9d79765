import { businessRoute, idParam } from "@/lib/api/route";
import { parkCustomer } from "@/lib/billing/park-customers";
import { parkCustomerBody } from "@/lib/validation/billing";

// POST /api/customers/{id}/park - park one customer for downgrade or payment-failure compliance
export const POST = businessRoute({ params: idParam, body: parkCustomerBody }, ({ auth, params, body, now }) =>
  parkCustomer(auth.businessId, params.id, body.reason, auth.actor, now),
);
