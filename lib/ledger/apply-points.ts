import "server-only";
import type { Tx } from "@/lib/db";
import type { Actor } from "@/lib/auth/principal";
import { ApiError } from "@/lib/api/errors";

// The only way a balance changes. One guarded UPDATE moves the balance (never below zero, however
// many requests arrive at once for the same customer) and the immutable ledger row records the
// movement with the balance right after it, in the caller's transaction.

export const INSUFFICIENT_POINTS = "insufficient points - wait for customer to earn or add bonus points to proceed";

export type LedgerKind = "earn" | "redeem" | "bonus" | "goodwill" | "adjustment" | "gift_out" | "gift_in" | "correction" | "reversal" | "forfeit";

export type PointsChange = {
  businessId: number;
  customerId: number;
  points: number; // signed
  kind: LedgerKind;
  transactionId?: number | null;
  amountPence?: number;
  spendPence?: number; // change to lifetime spent
  reason?: string | null;
  actor: Actor;
  now: Date;
  visit?: boolean; // sets lastVisit
  wake?: boolean; // a customer transaction wakes a snoozed or sleeping account
  insufficientMessage?: string;
};

export type PointsResult = { balance: number; lifetimeSpentPence: number; lastVisit: Date | null; accountStatus: string; sleepStatus: string };

export async function applyPoints(tx: Tx, c: PointsChange): Promise<PointsResult> {
  const spend = c.spendPence ?? 0;
  const wake = c.wake === true;
  // One round trip: the guarded UPDATE and, when it matched and points move, the ledger row with
  // the balance it returned.
  const rows = await tx.$queryRaw<{ totalPoints: number; lifetimeSpentPence: number; lastVisit: Date | null; accountStatus: string; sleepStatus: string }[]>`
    WITH u AS (
      UPDATE customers SET
        "totalPoints" = "totalPoints" + ${c.points},
        "lifetimeSpentPence" = "lifetimeSpentPence" + ${spend},
        "lastVisit" = CASE WHEN ${c.visit === true} THEN ${c.now}::timestamp ELSE "lastVisit" END,
        "accountStatus" = CASE WHEN ${wake} AND "accountStatus" IN ('snoozed', 'paused') THEN 'active' ELSE "accountStatus" END,
        "snoozedAt" = CASE WHEN ${wake} THEN NULL ELSE "snoozedAt" END,
        "sleepStatus" = CASE WHEN ${wake} THEN 'active' ELSE "sleepStatus" END,
        "scheduledDeletionAt" = CASE WHEN ${wake} AND "parkedAt" IS NULL THEN NULL ELSE "scheduledDeletionAt" END,
        "updatedAt" = ${c.now}
      WHERE id = ${c.customerId} AND "businessId" = ${c.businessId}
        AND "totalPoints" + ${c.points} >= 0 AND "lifetimeSpentPence" + ${spend} >= 0
      RETURNING "totalPoints", "lifetimeSpentPence", "lastVisit", "accountStatus", "sleepStatus"
    ), l AS (
      INSERT INTO points_ledger ("businessId", "customerId", "transactionId", kind, points, "amountPence", "balanceAfter", reason, "actorType", "actorId", "actorName", "createdAt")
      SELECT ${c.businessId}::int, ${c.customerId}::int, ${c.transactionId ?? null}::int, ${c.kind}::text, ${c.points}::int, ${c.amountPence ?? 0}::int, u."totalPoints",
        ${c.reason ?? null}::text, ${c.actor.type}::text, ${c.actor.id}::int, ${c.actor.name}::text, ${c.now}::timestamp
      FROM u WHERE ${c.points} <> 0
    )
    SELECT * FROM u`;
  if (rows.length === 0) throw new ApiError("bad_request", c.insufficientMessage ?? INSUFFICIENT_POINTS);
  const r = rows[0];
  return { balance: Number(r.totalPoints), lifetimeSpentPence: Number(r.lifetimeSpentPence), lastVisit: r.lastVisit ? new Date(r.lastVisit) : null, accountStatus: r.accountStatus, sleepStatus: r.sleepStatus };
}
