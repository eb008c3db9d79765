import "server-only";
import { db } from "@/lib/db";
import { getCustomerOrThrow } from "@/lib/customers/get-customer-or-throw";
import { VOUCHER_WEEK_MS } from "@/lib/rules/vouchers";
import { toVoucherDto, voucherCustomerSelect } from "@/lib/vouchers/voucher-dto";

/** GET /api/promos: every voucher of the business, newest first. */
export async function listVouchers(businessId: number, now: Date) {
  const rows = await db.voucher.findMany({
    where: { businessId },
    include: { customer: voucherCustomerSelect },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map((v) => toVoucherDto(v, now));
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
