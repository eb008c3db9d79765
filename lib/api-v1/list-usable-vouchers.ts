import "server-only";
import { db } from "@/lib/db";
import { getCustomerOrThrow } from "@/lib/customers/get-customer-or-throw";
import { toApiVoucher } from "@/lib/api-v1/api-dto";
import { usableVoucherWhere } from "@/lib/vouchers/usable-voucher";

/** GET /api/v1/customers/{id}/vouchers: the vouchers the customer can use now (active, not past
 *  their expiry), soonest expiry first. Another business's customer is a 404. */
export async function listUsableVouchers(businessId: number, customerId: number, now: Date) {
  await getCustomerOrThrow(businessId, customerId);
  const rows = await db.voucher.findMany({
    where: { businessId, customerId, ...usableVoucherWhere(now) },
    orderBy: [{ expiresAt: { sort: "asc", nulls: "last" } }, { id: "asc" }],
  });
  return { vouchers: rows.map(toApiVoucher) };
}
