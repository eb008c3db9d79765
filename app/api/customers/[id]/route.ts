import { businessRoute, idParam } from "@/lib/api/route";
import { updateCustomerSchema } from "@/lib/validation/customers";
import { getCustomerOrThrow } from "@/lib/customers/get-customer-or-throw";
import { toCustomerDto } from "@/lib/customers/customer-dto";
import { updateCustomer } from "@/lib/customers/update-customer";
import { deleteCustomer } from "@/lib/customers/delete-customer";

// GET /api/customers/{id} - one customer of the business
export const GET = businessRoute({ params: idParam }, async ({ auth, params }) => toCustomerDto(await getCustomerOrThrow(auth.businessId, params.id)));

// PATCH /api/customers/{id} - edit a customer's details and marketing consents (closed accounts are read-only)
export const PATCH = businessRoute({ params: idParam, body: updateCustomerSchema }, ({ auth, params, body, now }) =>
  updateCustomer(auth.businessId, params.id, body, auth.actor, now),
);

// DELETE /api/customers/{id} - delete a customer now: personal data erased, email and phone free again, transactions kept anonymised
export const DELETE = businessRoute({ params: idParam }, ({ auth, params, now }) => deleteCustomer(auth.businessId, params.id, auth.actor, now));
