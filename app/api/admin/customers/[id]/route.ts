import { adminRoute, idParam } from "@/lib/api/route";
import { adminUpdateCustomerSchema } from "@/lib/validation/admin";
import { adminDeleteCustomer, adminUpdateCustomer } from "@/lib/admin/admin-customers";

// PUT /api/admin/customers/{id} - toggle a customer's email/SMS consent or active flag
export const PUT = adminRoute({ params: idParam, body: adminUpdateCustomerSchema }, ({ auth, params, body, now }) => adminUpdateCustomer(auth, params.id, body, now));

// DELETE /api/admin/customers/{id} - permanently delete a customer and everything that belongs to them
export const DELETE = adminRoute({ params: idParam }, ({ auth, params }) => adminDeleteCustomer(auth, params.id));
