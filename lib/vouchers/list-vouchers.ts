import "server-only";
import { db } from "@/lib/db";
import { getCustomerOrThrow } from "@/lib/customers/get-customer-or-throw";
import { VOUCHER_WEEK_MS } from "@/lib/rules/vouchers";
import { toVoucherDto, voucherCustomerSelect } from "@/lib/vouchers/voucher-dto";
import type { PromoVoucher } from "@/lib/rules/transaction-display";

/** GET /api/promos: every voucher of the business, newest first (`take`: only the newest ones). */
export async function listVouchers(businessId: number, now: Date, take?: number) {
  const rows = await db.voucher.findMany({
    where: { businessId },
    include: { customer: voucherCustomerSelect },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
  });
  return rows.map((v) => toVoucherDto(v, now));
}

/** The newest vouchers and how many there are: the voucher hub's first screen, rendered on the
 *  server (issue 23); the hub reads the whole list (GET /api/promos) after the page. */
export async function listVoucherPage(businessId: number, now: Date, limit: number) {
  const [rows, total] = await Promise.all([listVouchers(businessId, now, limit), db.voucher.count({ where: { businessId } })]);
  return { rows, total };
}

/** The vouchers with any of these promo codes, as the transaction hub's promo column reads them:
 *  the first page's codes, read on the server with the page (issue 23), not the whole list. */
export async function listVouchersWithCodes(businessId: number, codes: readonly string[], now: Date): Promise<PromoVoucher[]> {
  const wanted = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
  if (wanted.length === 0) return [];
  const rows = await db.voucher.findMany({
    where: { businessId, promoCode: { in: wanted, mode: "insensitive" } },
    include: { customer: voucherCustomerSelect },
  });
  return rows.map((v) => {
    const { promoCode, status, expiresAt, customerId } = toVoucherDto(v, now);
    return { promoCode, status, expiresAt, customerId };
  });
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
