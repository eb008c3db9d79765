import "server-only";
import type { Tx } from "@/lib/db";
import { db } from "@/lib/db";

// The two measures a tier can be based on (issue 26, docs/decisions.md "Tiers"):
// - lifetime points: every point the customer earned, net of corrections and reversals; spending
//   (redeem), gifts and forfeits do not lower it, so undoing them (the redeemed or gifted part of a
//   reversal) does not raise it. Read from the ledger, the one record of points.
// - spend over the rolling 12 months: live (not deleted) purchases in the 365 days before now.

export type CustomerMeasure = { id: number; lifetimePoints: number; spend12mPence: number };

export async function readTierMeasures(client: Tx | typeof db, businessId: number, customerIds: number[] | null, now: Date): Promise<CustomerMeasure[]> {
  const since = new Date(now.getTime() - 365 * 24 * 3600 * 1000);
  const rows = await client.$queryRaw<{ id: number; lp: bigint | null; sp: bigint | null }[]>`
    SELECT c.id,
      (SELECT SUM(CASE WHEN l.kind <> 'reversal' THEN l.points
                       -- a reversal undoes its transaction: only the earned part counted (what was spent
                       -- or gifted never lowered the measure, so giving it back does not raise it)
                       WHEN rt.type = 'gift_points' THEN 0
                       WHEN rt.type = 'points_redemption' THEN l.points - rt."pointsRedeemed"
                       ELSE l.points END)
         FROM points_ledger l LEFT JOIN transactions rt ON l.kind = 'reversal' AND rt.id = l."transactionId"
         WHERE l."customerId" = c.id AND l."businessId" = c."businessId"
           AND l.kind NOT IN ('redeem', 'gift_out', 'gift_in', 'forfeit')) AS lp,
      (SELECT SUM(t."amountPence") FROM transactions t WHERE t."customerId" = c.id AND t."businessId" = c."businessId"
         AND t.type = 'purchase' AND t."deletedAt" IS NULL AND t."createdAt" > ${since} AND t."createdAt" <= ${now}) AS sp
    FROM customers c
    WHERE c."businessId" = ${businessId} AND c."accountStatus" NOT IN ('closed', 'archived')
      AND (${customerIds === null} OR c.id = ANY(${customerIds ?? []}::int[]))`;
  return rows.map((r) => ({ id: r.id, lifetimePoints: Math.max(0, Number(r.lp ?? 0)), spend12mPence: Math.max(0, Number(r.sp ?? 0)) }));
}
