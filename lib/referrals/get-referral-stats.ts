import "server-only";
import { db } from "@/lib/db";

/** GET /api/referrals: the owner's view - totals, the top referrers and who referred whom (latest 200). */
export async function getReferralStats(businessId: number) {
  const [total, rewarded, rows] = await Promise.all([
    db.customerReferral.count({ where: { businessId } }),
    db.customerReferral.count({ where: { businessId, status: "rewarded" } }),
    db.customerReferral.findMany({ where: { businessId }, orderBy: { id: "desc" }, take: 200 }),
  ]);
  const ids = [...new Set(rows.flatMap((r) => [r.referrerId, r.friendId ?? 0]).filter(Boolean))];
  const names = new Map((await db.customer.findMany({ where: { businessId, id: { in: ids } }, select: { id: true, name: true } })).map((c) => [c.id, c.name]));
  const byReferrer = await db.customerReferral.groupBy({ by: ["referrerId"], where: { businessId }, _count: { _all: true }, orderBy: { _count: { referrerId: "desc" } }, take: 10 });
  return {
    stats: { totalReferrals: total, rewarded, pending: total - rewarded },
    topReferrers: byReferrer.map((g) => ({ customerId: g.referrerId, name: names.get(g.referrerId) ?? null, referrals: g._count._all })),
    referrals: rows.map((r) => ({
      id: r.id, referrerId: r.referrerId, referrerName: names.get(r.referrerId) ?? null, friendId: r.friendId, friendName: (r.friendId && names.get(r.friendId)) || r.friendName,
      status: r.status, note: r.note, createdAt: r.createdAt.toISOString(), rewardedAt: r.rewardedAt?.toISOString() ?? null,
    })),
  };
}
