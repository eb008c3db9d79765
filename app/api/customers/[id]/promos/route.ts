import { businessRoute, idParam } from "@/lib/api/route";
import { listCustomerVouchers } from "@/lib/vouchers/list-vouchers";

// GET /api/customers/{id}/promos - one customer's vouchers, newest first
export const GET = businessRoute({ params: idParam }, ({ auth, params, now }) => listCustomerVouchers(auth.businessId, params.id, now));
