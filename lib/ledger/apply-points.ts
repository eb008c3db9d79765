import "server-only";
import type { Tx } from "@/lib/db";
import type { Actor } from "@/lib/activity/actor";
import { ApiError, badRequest, conflict, notFound } from "@/lib/errors/api-error";
import { MAX_STORED_INT } from "@/lib/rules/money";
import { DEFAULT_REASONS, rangeProblem, refusalFor, SLEEPING_KINDS, wakes, type LedgerKind } from "@/lib/rules/ledger";

// One balance change of one customer, in the caller's database transaction: ONE guarded UPDATE
// moves the balance and the immutable ledger row records the movement with the balance right after
// it. The guard is the rules of lib/ledger/ledger-rules.ts in SQL, so however many requests arrive
// at once for the same customer, a change that breaks a rule matches no row and writes nothing;
// the error then says which rule, read again from the row.

export { INSUFFICIENT_POINTS, type LedgerKind } from "@/lib/rules/ledger";

export type PointsChange = {
  businessId: number;
  customerId: number;
  points: number; // signed
  kind: LedgerKind;
  transactionId?: number | null;
  amountPence?: number;
  spendPence?: number; // change to lifetime spent
  reason?: string | null; // defaults to the kind's reason: every row carries one
  actor: Actor;
  now: Date;
  visit?: boolean; // sets lastVisit
  insufficientMessage?: string; // the message when the balance would go below zero
  refusedMessage?: string; // the message when the account's state refuses the change
};

export type PointsResult = { balance: number; lifetimeSpentPence: number; lastVisit: Date | null; accountStatus: string; sleepStatus: string };

type Row = { totalPoints: number; lifetimeSpentPence: number; lastVisit: Date | null; accountStatus: string; sleepStatus: string };

export async function applyPoints(tx: Tx, c: PointsChange): Promise<PointsResult> {
  const spend = c.spendPence ?? 0;
  const wake = wakes(c.kind);
  const sleepingOk = SLEEPING_KINDS.includes(c.kind);
  const reason = c.reason ?? DEFAULT_REASONS[c.kind];
  const rows = await tx.$queryRaw<Row[]>`
    WITH u AS (
      UPDATE customers SET
        "totalPoints" = "totalPoints" + ${c.points}::int,
        "lifetimeSpentPence" = "lifetimeSpentPence" + ${spend}::int,
        "lastVisit" = CASE WHEN ${c.visit === true} THEN ${c.now}::timestamp ELSE "lastVisit" END,
        "accountStatus" = CASE WHEN ${wake} AND "accountStatus" IN ('snoozed', 'paused') THEN 'active' ELSE "accountStatus" END,
        "snoozedAt" = CASE WHEN ${wake} THEN NULL ELSE "snoozedAt" END,
        "sleepStatus" = CASE WHEN ${wake} THEN 'active' ELSE "sleepStatus" END,
        "scheduledDeletionAt" = CASE WHEN ${wake} AND "parkedAt" IS NULL THEN NULL ELSE "scheduledDeletionAt" END,
        "updatedAt" = ${c.now}
      WHERE id = ${c.customerId} AND "businessId" = ${c.businessId}
        AND "accountStatus" NOT IN ('closed', 'archived')
        AND (${c.kind} = 'forfeit' OR "parkedAt" IS NULL)
        AND (${sleepingOk} OR ("accountStatus" NOT IN ('snoozed', 'paused') AND "sleepStatus" NOT IN ('asleep', 'scheduled_deletion')))
        AND "totalPoints"::bigint + ${c.points}::bigint BETWEEN 0 AND ${MAX_STORED_INT}::bigint
        AND "lifetimeSpentPence"::bigint + ${spend}::bigint BETWEEN 0 AND ${MAX_STORED_INT}::bigint
      RETURNING "totalPoints", "lifetimeSpentPence", "lastVisit", "accountStatus", "sleepStatus"
    ), l AS (
      INSERT INTO points_ledger ("businessId", "customerId", "transactionId", kind, points, "amountPence", "balanceAfter", reason, "actorType", "actorId", "actorName", "createdAt")
      SELECT ${c.businessId}::int, ${c.customerId}::int, ${c.transactionId ?? null}::int, ${c.kind}::text, ${c.points}::int, ${c.amountPence ?? 0}::int, u."totalPoints",
        ${reason}::text, ${c.actor.type}::text, ${c.actor.id}::int, ${c.actor.name}::text, ${c.now}::timestamp
      FROM u WHERE ${c.points}::int <> 0
    )
    SELECT * FROM u`;
  if (rows.length === 0) throw await whyRefused(tx, c, spend);
  const r = rows[0];
  return { balance: Number(r.totalPoints), lifetimeSpentPence: Number(r.lifetimeSpentPence), lastVisit: r.lastVisit ? new Date(r.lastVisit) : null, accountStatus: r.accountStatus, sleepStatus: r.sleepStatus };
}

/** Lock order, one rule for every writer: the customers a change touches are locked FIRST, in id
 *  order, before any other row (a transaction row, a voucher). Writing a transaction row takes the
 *  customer_activity rollup's row lock (its trigger), so a path that wrote the transaction first
 *  and the customer second would deadlock with the till's path, which does the opposite. */
export async function lockCustomers(tx: Tx, businessId: number, ids: (number | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === "number"))];
  if (wanted.length === 0) return;
  await tx.$queryRaw`SELECT id FROM customers WHERE id = ANY(${wanted}::int[]) AND "businessId" = ${businessId} ORDER BY id FOR UPDATE`;
}

/** The guard matched nothing: read the row (in the same transaction) and name the rule it breaks. */
async function whyRefused(tx: Tx, c: PointsChange, spend: number): Promise<ApiError> {
  const [s] = await tx.$queryRaw<{ accountStatus: string; sleepStatus: string; parkedAt: Date | null; totalPoints: number; lifetimeSpentPence: number }[]>`
    SELECT "accountStatus", "sleepStatus", "parkedAt", "totalPoints", "lifetimeSpentPence" FROM customers WHERE id = ${c.customerId} AND "businessId" = ${c.businessId}`;
  if (!s) return notFound("customer not found");
  const refused = refusalFor(s, c.kind);
  if (refused) return conflict(c.refusedMessage ?? refused);
  return badRequest(rangeProblem(s.totalPoints, s.lifetimeSpentPence, c.points, spend, c.insufficientMessage) ?? c.insufficientMessage ?? "This change could not be applied");
}
