import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";

export type AdminBusinessStats = {
  customerCount: number;
  lastCustomerSignup: string | null;
  totalPointsAwarded: number;
  totalPointsRedeemed: number;
  bonusPointsAwarded: number;
  vouchersRaised: number;
};

/** The Headlines tab. Points come from transactions that were not deleted: awarded = points earned
 *  by purchases, bonus and goodwill points; redeemed = points spent on redemptions. Gifts and
 *  adjustments move existing points and are not counted. */
export async function getBusinessStats(businessId: number): Promise<AdminBusinessStats> {
  const business = await db.business.findFirst({ where: { id: businessId, accountStatus: { not: "deleted" } }, select: { id: true } });
  if (!business) throw notFound("Business not found");
  const live = { businessId, deletedAt: null };
  const [customerCount, last, awarded, redeemed, bonus, vouchersRaised] = await Promise.all([
    db.customer.count({ where: { businessId, accountStatus: { not: "closed" } } }),
    db.customer.findFirst({ where: { businessId }, orderBy: { createdAt: "desc" }, select: { createdAt: true } }),
    db.transaction.aggregate({ where: { ...live, type: { in: ["purchase", "bonus_points", "goodwill_points"] } }, _sum: { pointsEarned: true } }),
    db.transaction.aggregate({ where: { ...live, type: "points_redemption" }, _sum: { pointsRedeemed: true } }),
    db.transaction.aggregate({ where: { ...live, type: "bonus_points" }, _sum: { pointsEarned: true } }),
    db.voucher.count({ where: { businessId } }),
  ]);
  return {
    customerCount,
    lastCustomerSignup: last?.createdAt.toISOString() ?? null,
    totalPointsAwarded: awarded._sum.pointsEarned ?? 0,
    totalPointsRedeemed: redeemed._sum.pointsRedeemed ?? 0,
    bonusPointsAwarded: bonus._sum.pointsEarned ?? 0,
    vouchersRaised,
  };
}
