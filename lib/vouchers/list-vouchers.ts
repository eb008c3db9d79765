import "server-only";
import { db } from "@/lib/db";
import { assertCustomersOfBusiness, getCustomerOrThrow } from "@/lib/customers/get-customer-or-throw";
import { VOUCHER_WEEK_MS } from "@/lib/rules/vouchers";
import { toVoucherDto, voucherCustomerSelect } from "@/lib/vouchers/voucher-dto";
import { searchVouchersPage, type VoucherSearchPage } from "@/lib/vouchers/search-vouchers";

/** GET /api/promos: every voucher of the business, newest first. */
export async function listVouchers(businessId: number, now: Date) {
  const rows = await db.voucher.findMany({
    where: { businessId },
    include: { customer: voucherCustomerSelect },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map((v) => toVoucherDto(v, now));
}

/** The newest vouchers, the next page's cursor and how many there are: the voucher hub's first
 *  screen, rendered on the server (issue 23); the first page of GET /api/promos?limit=&total=1,
 *  which the live hub then pages on from. */
export function listVoucherPage(businessId: number, now: Date, limit: number) {
  return searchVouchersPage(businessId, { limit, withTotal: true }, now) as Promise<VoucherSearchPage & { total: number }>;
}

/** POST /api/promos/recent: the customers among customerIds given a voucher in the last 7 days
 *  (spec 5.7's 'easy tiger' warning for a selection of any size; another business's ids are never
 *  named). */
export async function listRecentVoucherCustomers(businessId: number, customerIds: number[], now: Date) {
  await assertCustomersOfBusiness(businessId, customerIds);
  // One array parameter, not hadVoucherThisWeek's IN list of up to 5,000 (1.1 s against a few ms).
  const rows = await db.$queryRaw<{ customerId: number }[]>`
    SELECT DISTINCT v."customerId" FROM vouchers v
    WHERE v."businessId" = ${businessId} AND v."customerId" = ANY(${customerIds}::int[]) AND v."createdAt" > ${new Date(now.getTime() - VOUCHER_WEEK_MS)}`;
  const recent = new Set(rows.map((r) => r.customerId));
  return { customerIds: customerIds.filter((id) => recent.has(id)) };
}

/** GET /api/customers/{id}/promos: one customer's vouchers, newest first. */
export async function listCustomerVouchers(businessId: number, customerId: number, now: Date) {
  await getCustomerOrThrow(businessId, customerId);
  const rows = await db.voucher.findMany({
    where: { businessId, customerId },
    include: { customer: voucherCustomerSelect },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map((v) => toVoucherDto(v, now));
}

/** GET /api/customers/{id}/recent-vouchers: did the customer get a voucher in the last 7 days? */
export async function getRecentVouchers(businessId: number, customerId: number, now: Date) {
  await getCustomerOrThrow(businessId, customerId);
  const since = new Date(now.getTime() - VOUCHER_WEEK_MS);
  const [last, count] = await Promise.all([
    db.voucher.findFirst({ where: { businessId, customerId }, orderBy: { createdAt: "desc" }, select: { createdAt: true } }),
    db.voucher.count({ where: { businessId, customerId, createdAt: { gt: since } } }),
  ]);
  return { hasRecentVouchers: count > 0, recentVoucherCount: count, lastVoucherAt: last ? last.createdAt.toISOString() : null };
}
