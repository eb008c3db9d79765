import { adminRoute, idParam } from "@/lib/api/route";
import { listBusinessCustomers } from "@/lib/admin/admin-customers";

// GET /api/admin/business-customers/{id} - a business's customers (admin view), newest first
export const GET = adminRoute({ params: idParam }, ({ params }) => listBusinessCustomers(params.id));
