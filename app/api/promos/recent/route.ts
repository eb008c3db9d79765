import { businessRoute } from "@/lib/api/route";
import { recentVouchersSchema } from "@/lib/validation/vouchers";
import { listRecentVoucherCustomers } from "@/lib/vouchers/list-vouchers";

// POST /api/promos/recent (issue 23) - { customerIds } -> { customerIds }: which of these customers
// were given a voucher in the last 7 days (spec 5.7's 'easy tiger' warning for a large selection,
// at most 5,000 ids a call; another business's customers are never named).
export const POST = businessRoute({ body: recentVouchersSchema }, ({ auth, body, now }) => listRecentVoucherCustomers(auth.businessId, body.customerIds, now));
