import "server-only";
import { Prisma, type Transaction } from "@/generated/prisma/client";
import { rawRows } from "@/lib/db-raw";
import type { Actor } from "@/lib/activity/actor";
import { badRequest, conflict } from "@/lib/errors/api-error";
import { MAX_STORED_INT } from "@/lib/rules/money";
import { DEFAULT_REASONS, rangeProblem, refusalFor, wakes, type LedgerKind, type LedgerState } from "@/lib/rules/ledger";
import type { PointsResult } from "@/lib/ledger/apply-points";

// The till's hot path, inside the ledger: a purchase without a promo code, a redemption, bonus,
// goodwill or adjustment in ONE statement and no interactive transaction. It moves the balance
// (guarded by the rules of ledger-rules.ts, and only if the customer's state and rates are still
// those the caller planned against), writes the transaction, its ledger row, the activity row and
// the onboarding step. The UPDATE takes the row lock, so concurrent writes to one customer queue;
// null means the customer changed in between (the caller reads again and re-plans). It runs on the
// pool without Prisma's engine (lib/db-raw.ts): one statement, committed on its own.

/** The customer as read before planning. */
export type Snapshot = LedgerState & { id: number; totalPoints: number; lifetimeSpentPence: number; pointsPerPound: string; redemptionValue: string; minimumRedemption: number };

/** What the transaction writes: the business record and its balance movement. */
export type SimplePlan = {
  type: string;
  description: string | null;
  data: { amountPence: number; pointsEarned: number; pointsRedeemed: number };
  points: number; // signed change to the balance
  kind: LedgerKind;
  ledgerAmountPence: number;
  spendPence: number;
  visit: boolean;
  reason: string | null;
};

type Row = Transaction & { u_balance: number; u_spent: number; u_lastVisit: Date | null; u_accountStatus: string; u_sleepStatus: string };

export async function recordInOneStatement(businessId: number, customer: Snapshot, plan: SimplePlan, actor: Actor, activity: string, now: Date): Promise<{ t: Transaction; after: PointsResult } | null> {
  const refused = refusalFor(customer, plan.kind);
  if (refused) throw conflict(refused);
  const range = rangeProblem(customer.totalPoints, customer.lifetimeSpentPence, plan.points, plan.spendPence);
  if (range) throw badRequest(range);
  const d = plan.data;
  const wake = wakes(plan.kind);
  const reason = plan.reason ?? DEFAULT_REASONS[plan.kind];
  const rows = await rawRows<Row>(Prisma.sql`
    WITH u AS (
      UPDATE customers SET
        "totalPoints" = "totalPoints" + ${plan.points}::int,
        "lifetimeSpentPence" = "lifetimeSpentPence" + ${plan.spendPence}::int,
        "lastVisit" = CASE WHEN ${plan.visit} THEN ${now}::timestamp ELSE "lastVisit" END,
        "accountStatus" = CASE WHEN ${wake} AND "accountStatus" IN ('snoozed', 'paused') THEN 'active' ELSE "accountStatus" END,
        "snoozedAt" = CASE WHEN ${wake} THEN NULL ELSE "snoozedAt" END,
        "sleepStatus" = CASE WHEN ${wake} THEN 'active' ELSE "sleepStatus" END,
        "scheduledDeletionAt" = CASE WHEN ${wake} AND "parkedAt" IS NULL THEN NULL ELSE "scheduledDeletionAt" END,
        "updatedAt" = ${now}
      WHERE id = ${customer.id} AND "businessId" = ${businessId}
        AND "totalPoints"::bigint + ${plan.points}::bigint BETWEEN 0 AND ${MAX_STORED_INT}::bigint
        AND "lifetimeSpentPence"::bigint + ${plan.spendPence}::bigint BETWEEN 0 AND ${MAX_STORED_INT}::bigint
        AND "parkedAt" IS NULL AND "accountStatus" = ${customer.accountStatus} AND "sleepStatus" = ${customer.sleepStatus}
        AND "pointsPerPound" = ${customer.pointsPerPound}::numeric AND "redemptionValue" = ${customer.redemptionValue}::numeric
        AND "minimumRedemption" = ${customer.minimumRedemption}
      RETURNING "totalPoints", "lifetimeSpentPence", "lastVisit", "accountStatus", "sleepStatus"
    ), t AS (
      INSERT INTO transactions ("businessId", "customerId", type, description, "actorType", "actorId", "actorName", "createdAt", "updatedAt",
        "amountPence", "pointsEarned", "pointsRedeemed", "promoCode", "discountPence", "voucherId")
      SELECT ${businessId}::int, ${customer.id}::int, ${plan.type}::text, ${plan.description}::text, ${actor.type}::text, ${actor.id}::int, ${actor.name}::text,
        ${now}::timestamp, ${now}::timestamp, ${d.amountPence}::int, ${d.pointsEarned}::int, ${d.pointsRedeemed}::int, NULL, 0, NULL
      FROM u
      RETURNING *
    ), l AS (
      INSERT INTO points_ledger ("businessId", "customerId", "transactionId", kind, points, "amountPence", "balanceAfter", reason, "actorType", "actorId", "actorName", "createdAt")
      SELECT ${businessId}::int, ${customer.id}::int, t.id, ${plan.kind}::text, ${plan.points}::int, ${plan.ledgerAmountPence}::int, u."totalPoints", ${reason}::text,
        ${actor.type}::text, ${actor.id}::int, ${actor.name}::text, ${now}::timestamp
      FROM u, t WHERE ${plan.points}::int <> 0
    ), a AS (
      INSERT INTO activity_logs ("businessId", "actorType", "actorId", "actorName", action, description, "tableName", "recordId", "newValues")
      SELECT ${businessId}::int, ${actor.type}::text, ${actor.id}::int, ${actor.name}::text, 'transaction_recorded', ${activity}::text, 'transactions', t.id::text,
        jsonb_build_object('type', t.type, 'customerId', t."customerId", 'amountPence', t."amountPence", 'pointsEarned', t."pointsEarned",
          'pointsRedeemed', t."pointsRedeemed", 'promoCode', t."promoCode")
      FROM t
    ), s AS (
      INSERT INTO setup_steps ("businessId", "stepId", "completedAt") SELECT ${businessId}::int, 'complete_transaction', ${now}::timestamp FROM t
      ON CONFLICT DO NOTHING
    )
    SELECT t.*, u."totalPoints" AS u_balance, u."lifetimeSpentPence" AS u_spent, u."lastVisit" AS "u_lastVisit",
      u."accountStatus" AS "u_accountStatus", u."sleepStatus" AS "u_sleepStatus"
    FROM t, u`);
  const r = rows[0];
  if (!r) return null;
  const { u_balance, u_spent, u_lastVisit, u_accountStatus, u_sleepStatus, ...t } = r;
  const after = { balance: Number(u_balance), lifetimeSpentPence: Number(u_spent), lastVisit: u_lastVisit ? new Date(u_lastVisit) : null, accountStatus: u_accountStatus, sleepStatus: u_sleepStatus };
  return { t: t as Transaction, after };
}
