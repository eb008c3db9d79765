import { businessRoute, idParam } from "@/lib/api/route";
import { getRecentVouchers } from "@/lib/vouchers/list-vouchers";

// GET /api/customers/{id}/recent-vouchers - whether the customer received a voucher in the last 7 days
export const GET = businessRoute({ params: idParam }, ({ auth, params, now }) => getRecentVouchers(auth.businessId, params.id, now));
