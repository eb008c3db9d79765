import { apiKeyRoute } from "@/lib/api/route";
import { customerParams } from "@/lib/api-v1/schemas";
import { listUsableVouchers } from "@/lib/api-v1/list-usable-vouchers";

// GET /api/v1/customers/{id}/vouchers - the customer's usable vouchers (API key, read)
export const GET = apiKeyRoute({ params: customerParams }, ({ auth, params, now }) => listUsableVouchers(auth.businessId, params.id, now));
