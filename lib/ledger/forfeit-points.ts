import "server-only";
import type { Tx } from "@/lib/db";
import type { Actor } from "@/lib/activity/actor";
import { applyPoints, type PointsResult } from "@/lib/ledger/apply-points";

// Rule 3 of lib/ledger/ledger-rules.ts: closing or deleting an account forfeits its balance, with
// one 'forfeit' row, in the same database transaction that closes or deletes it (call these BEFORE
// the status changes: a closed or deleted account refuses every change, forfeit included).

/** One customer being closed or deleted: the balance goes to zero through the ledger. */
export async function forfeitBalance(tx: Tx, c: { businessId: number; customerId: number; reason: string; actor: Actor; now: Date }): Promise<PointsResult | null> {
  const [row] = await tx.$queryRaw<{ totalPoints: number }[]>`
    SELECT "totalPoints" FROM customers WHERE id = ${c.customerId} AND "businessId" = ${c.businessId} FOR UPDATE`;
  if (!row) return null;
  return applyPoints(tx, { ...c, points: -row.totalPoints, kind: "forfeit" });
}

/** Many customers being deleted at once (the lifecycle and billing jobs): one statement zeroes the
 *  balances and writes a forfeit row for each one that had points. Callers have locked the rows. */
export async function forfeitBalances(tx: Tx, ids: number[], reason: string, actor: Actor, now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  return tx.$executeRaw`
    WITH o AS (
      SELECT id, "totalPoints" AS old FROM customers
      WHERE id = ANY(${ids}::int[]) AND "totalPoints" <> 0 AND "accountStatus" <> 'archived'
    ), u AS (
      UPDATE customers c SET "totalPoints" = 0, "updatedAt" = ${now} FROM o WHERE c.id = o.id
      RETURNING c.id, c."businessId", o.old
    )
    INSERT INTO points_ledger ("businessId", "customerId", "transactionId", kind, points, "amountPence", "balanceAfter", reason, "actorType", "actorId", "actorName", "createdAt")
    SELECT u."businessId", u.id, NULL, 'forfeit', -u.old, 0, 0, ${reason}::text, ${actor.type}::text, ${actor.id}::int, ${actor.name}::text, ${now}::timestamp
    FROM u`;
}
