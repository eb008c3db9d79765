import "server-only";
import type { Transaction } from "@/generated/prisma/client";
import { db, type Tx } from "@/lib/db";
import { badRequest, conflict, notFound } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/principal";
import { activityDescription, logActivity } from "@/lib/activity/log-activity";
import { completeSetupSteps } from "@/lib/setup/complete-setup-steps";
import { applyPoints, INSUFFICIENT_POINTS, type LedgerKind } from "@/lib/ledger/apply-points";
import { toTransactionDto } from "@/lib/transactions/transaction-dto";
import { allowedTypesFor, discountFor, meetsMinimumSpend, parsePounds, pointsForPurchase, poundsString, redemptionValuePence } from "@/lib/rules/points";
import type { CreateTransactionInput } from "@/lib/validation/transactions";
import { notifyPassChange } from "@/lib/wallet/push/notify-pass-change";

const REQUIRED = "required fields missing for transaction type";
const MAX_AMOUNT_PENCE = 10_000_000; // £100,000 per transaction

type Locked = { id: number; name: string; email: string; membershipNumber: string; accountStatus: string; sleepStatus: string; parkedAt: Date | null; totalPoints: number; pointsPerPound: string; redemptionValue: string; minimumRedemption: number };

async function lockCustomer(tx: Tx, businessId: number, id: number): Promise<Locked | null> {
  const rows = await tx.$queryRaw<Locked[]>`
    SELECT id, name, email, "membershipNumber", "accountStatus", "sleepStatus", "parkedAt", "totalPoints", "pointsPerPound"::text AS "pointsPerPound",
           "redemptionValue"::text AS "redemptionValue", "minimumRedemption"
    FROM customers WHERE id = ${id} AND "businessId" = ${businessId} AND "accountStatus" <> 'archived' FOR UPDATE`;
  return rows[0] ?? null;
}

function requirePositivePence(amount: CreateTransactionInput["amount"]): number {
  if (amount === undefined || amount === null || amount === "") throw badRequest(REQUIRED);
  const pence = parsePounds(amount);
  if (pence === null || pence <= 0) throw badRequest("Amount must be a positive number with at most 2 decimal places");
  if (pence > MAX_AMOUNT_PENCE) throw badRequest("Amount must be at most £100,000.00");
  return pence;
}

function requirePositivePoints(value: CreateTransactionInput["amount"]): number {
  if (value === undefined || value === null || value === "") throw badRequest(REQUIRED);
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n) || n <= 0) throw badRequest("Amount must be a positive number");
  if (!Number.isInteger(n)) throw badRequest("Points must be a whole number");
  if (n > 1_000_000) throw badRequest("Points must be at most 1,000,000");
  return n;
}

type Plan = {
  data: { amountPence: number; pointsEarned: number; pointsRedeemed: number };
  points: number; // signed change to the balance
  kind: LedgerKind;
  ledgerAmountPence: number;
  spendPence: number;
  visit: boolean;
  reason: string | null;
};

/** The account-state rules every transaction type shares. */
function checkCustomerCanTransact(customer: Locked, type: CreateTransactionInput["type"]) {
  if (customer.parkedAt) throw conflict("This customer is parked. Reactivate them before recording transactions.");
  const allowed = allowedTypesFor(customer);
  if (allowed.length === 0) throw conflict("Closed accounts are read-only: no transactions can be recorded.");
  if (!allowed.includes(type)) throw conflict("This customer's account is asleep or snoozed: only purchases can be recorded, and a purchase wakes the account.");
}

/** What a purchase without a promo code, a redemption, bonus, goodwill or adjustment writes, from the
 *  customer as read; throws the spec's messages. Pure: the single statement below applies it. */
function planSimple(input: CreateTransactionInput, customer: Locked): Plan {
  const type = input.type;
  checkCustomerCanTransact(customer, type);
  switch (type) {
    case "purchase": {
      const amountPence = requirePositivePence(input.amount);
      const earned = pointsForPurchase(amountPence, Number(customer.pointsPerPound));
      return { data: { amountPence, pointsEarned: earned, pointsRedeemed: 0 }, points: earned, kind: "earn", ledgerAmountPence: amountPence, spendPence: amountPence, visit: true, reason: null };
    }
    case "points_redemption": {
      const points = input.pointsToRedeem;
      if (points === undefined || points <= 0) throw badRequest(REQUIRED);
      if (points > customer.totalPoints) throw badRequest(INSUFFICIENT_POINTS);
      if (points < customer.minimumRedemption) {
        throw badRequest(`minimum redemption is ${customer.minimumRedemption} points. customer is trying to redeem ${points} points.`);
      }
      const valuePence = redemptionValuePence(points, Number(customer.redemptionValue));
      if (input.amount !== undefined && input.amount !== null && input.amount !== "") {
        const sent = parsePounds(input.amount);
        if (sent === null || Math.abs(sent - valuePence) > 1) throw badRequest(`The redemption value should be £${poundsString(valuePence)} for ${points} points`);
      }
      return { data: { amountPence: valuePence, pointsEarned: 0, pointsRedeemed: points }, points: -points, kind: "redeem", ledgerAmountPence: valuePence, spendPence: 0, visit: true, reason: null };
    }
    case "bonus_points":
    case "goodwill_points": {
      const points = requirePositivePoints(input.amount);
      const kind: LedgerKind = type === "bonus_points" ? "bonus" : "goodwill";
      return { data: { amountPence: 0, pointsEarned: points, pointsRedeemed: 0 }, points, kind, ledgerAmountPence: 0, spendPence: 0, visit: false, reason: input.description ?? null };
    }
    case "points_adjustment": {
      const points = input.pointsAdjustment;
      if (points === undefined || points === 0) throw badRequest(REQUIRED);
      const data = { amountPence: 0, pointsEarned: Math.max(points, 0), pointsRedeemed: Math.max(-points, 0) };
      return { data, points, kind: "adjustment", ledgerAmountPence: 0, spendPence: 0, visit: false, reason: input.description ?? null };
    }
    default:
      throw badRequest(REQUIRED);
  }
}

type OneStatementRow = Transaction & { u_balance: number; u_spent: number; u_lastVisit: Date | null; u_accountStatus: string; u_sleepStatus: string };

/**
 * The till's hot path in two round trips and no interactive transaction: read the customer, check
 * the rules in JavaScript, then ONE statement that moves the balance (guarded: never below zero,
 * and only if the account state and rates are still those the rules were checked against), writes
 * the transaction, its ledger row, the activity row and the onboarding step. The UPDATE takes the
 * row lock, so concurrent writes to one customer queue as before; when a guard fails (the customer
 * changed in between) the customer is read again and the rules re-checked.
 */
async function recordInOneStatement(businessId: number, input: CreateTransactionInput, actor: Actor, now: Date) {
  const type = input.type;
  for (let attempt = 0; attempt < 3; attempt++) {
    const [customer] = await db.$queryRaw<Locked[]>`
      SELECT id, name, email, "membershipNumber", "accountStatus", "sleepStatus", "parkedAt", "totalPoints", "pointsPerPound"::text AS "pointsPerPound",
             "redemptionValue"::text AS "redemptionValue", "minimumRedemption"
      FROM customers WHERE id = ${input.customerId} AND "businessId" = ${businessId} AND "accountStatus" <> 'archived'`;
    if (!customer) throw notFound("customer not found");
    const plan = planSimple(input, customer);
    if (customer.totalPoints + plan.points < 0) throw badRequest(INSUFFICIENT_POINTS);
    const d = plan.data;
    const signed = d.pointsEarned ? `+${d.pointsEarned}` : d.pointsRedeemed ? `-${d.pointsRedeemed}` : "0";
    const description = `Recorded ${type.replace(/_/g, " ")} for ${customer.name}: ${signed} points`;
    const activity = activityDescription({ businessId, actor, description });
    const rows = await db.$queryRaw<OneStatementRow[]>`
      WITH u AS (
        UPDATE customers SET
          "totalPoints" = "totalPoints" + ${plan.points},
          "lifetimeSpentPence" = "lifetimeSpentPence" + ${plan.spendPence},
          "lastVisit" = CASE WHEN ${plan.visit} THEN ${now}::timestamp ELSE "lastVisit" END,
          "accountStatus" = CASE WHEN "accountStatus" IN ('snoozed', 'paused') THEN 'active' ELSE "accountStatus" END,
          "snoozedAt" = NULL,
          "sleepStatus" = 'active',
          "scheduledDeletionAt" = CASE WHEN "parkedAt" IS NULL THEN NULL ELSE "scheduledDeletionAt" END,
          "updatedAt" = ${now}
        WHERE id = ${customer.id} AND "businessId" = ${businessId}
          AND "totalPoints" + ${plan.points} >= 0 AND "lifetimeSpentPence" + ${plan.spendPence} >= 0
          AND "parkedAt" IS NULL AND "accountStatus" = ${customer.accountStatus} AND "sleepStatus" = ${customer.sleepStatus}
          AND "pointsPerPound" = ${customer.pointsPerPound}::numeric AND "redemptionValue" = ${customer.redemptionValue}::numeric
          AND "minimumRedemption" = ${customer.minimumRedemption}
        RETURNING "totalPoints", "lifetimeSpentPence", "lastVisit", "accountStatus", "sleepStatus"
      ), t AS (
        INSERT INTO transactions ("businessId", "customerId", type, description, "actorType", "actorId", "actorName", "createdAt", "updatedAt",
          "amountPence", "pointsEarned", "pointsRedeemed", "promoCode", "discountPence", "voucherId")
        SELECT ${businessId}::int, ${customer.id}::int, ${type}::text, ${input.description ?? null}::text, ${actor.type}::text, ${actor.id}::int, ${actor.name}::text,
          ${now}::timestamp, ${now}::timestamp, ${d.amountPence}::int, ${d.pointsEarned}::int, ${d.pointsRedeemed}::int, NULL, 0, NULL
        FROM u
        RETURNING *
      ), l AS (
        INSERT INTO points_ledger ("businessId", "customerId", "transactionId", kind, points, "amountPence", "balanceAfter", reason, "actorType", "actorId", "actorName", "createdAt")
        SELECT ${businessId}::int, ${customer.id}::int, t.id, ${plan.kind}::text, ${plan.points}::int, ${plan.ledgerAmountPence}::int, u."totalPoints", ${plan.reason}::text,
          ${actor.type}::text, ${actor.id}::int, ${actor.name}::text, ${now}::timestamp
        FROM u, t WHERE ${plan.points} <> 0
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
      FROM t, u`;
    const r = rows[0];
    if (!r) continue; // the customer changed between the read and the write: read again
    const { u_balance, u_spent, u_lastVisit, u_accountStatus, u_sleepStatus, ...t } = r;
    const after = { balance: Number(u_balance), lifetimeSpentPence: Number(u_spent), lastVisit: u_lastVisit ? new Date(u_lastVisit) : null, accountStatus: u_accountStatus, sleepStatus: u_sleepStatus };
    return { t: t as Transaction, after, customer, recipient: null as { id: number; name: string } | null };
  }
  throw badRequest(INSUFFICIENT_POINTS);
}

/** Records one transaction of any of the six types: the business record, the ledger entries and
 *  the customer's balance, lifetime spent and last visit, all in one database transaction. */
export async function recordTransaction(businessId: number, input: CreateTransactionInput, actor: Actor, now = new Date()) {
  const type = input.type;
  // Promo-code purchases (a voucher to claim) and gifts (two customers) keep the interactive transaction.
  const oneStatement = type !== "gift_points" && !(type === "purchase" && input.promoCode);
  const result = oneStatement ? await recordInOneStatement(businessId, input, actor, now) : await db.$transaction(async (tx) => {
    const done = await record(tx);
    // The activity row commits (or not) with the transaction it describes.
    const t = done.t;
    await logActivity(
      {
        businessId,
        actor,
        action: "transaction_recorded",
        description: `Recorded ${type.replace(/_/g, " ")} for ${done.customer.name}: ${t.pointsEarned ? `+${t.pointsEarned}` : t.pointsRedeemed ? `-${t.pointsRedeemed}` : "0"} points`,
        tableName: "transactions",
        recordId: t.id,
        newValues: { type, customerId: t.customerId, amountPence: t.amountPence, pointsEarned: t.pointsEarned, pointsRedeemed: t.pointsRedeemed, promoCode: t.promoCode },
      },
      tx,
    );
    return done;
  }, { timeout: 10_000, maxWait: 10_000 });

  async function record(tx: Tx) {
    // A gift touches two customers: lock both rows in id order first, so two gifts in opposite
    // directions at the same moment queue up instead of deadlocking.
    if (type === "gift_points" && input.recipientCustomerId && input.recipientCustomerId !== input.customerId) {
      await tx.$queryRaw`SELECT id FROM customers WHERE id IN (${input.customerId}, ${input.recipientCustomerId}) AND "businessId" = ${businessId} ORDER BY id FOR UPDATE`;
    }
    const customer = await lockCustomer(tx, businessId, input.customerId);
    if (!customer) throw notFound("customer not found");
    checkCustomerCanTransact(customer, type);

    const base = { businessId, customerId: customer.id, type, description: input.description ?? null, actorType: actor.type, actorId: actor.id, actorName: actor.name, createdAt: now, updatedAt: now };
    const pointsChange = { businessId, customerId: customer.id, actor, now };

    switch (type) {
      case "purchase": {
        const amountPence = requirePositivePence(input.amount);
        let discountPence = 0;
        let voucherId: number | null = null;
        let promoCode: string | null = null;
        if (input.promoCode) {
          promoCode = input.promoCode.toUpperCase();
          const voucher = await tx.voucher.findFirst({
            where: { businessId, customerId: customer.id, promoCode, status: "active", isActive: true, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
            orderBy: { createdAt: "desc" },
          });
          if (!voucher) throw badRequest(`Promo code "${input.promoCode}" not found or expired for this customer`);
          const promo = { discountType: voucher.discountType, discountValue: Number(voucher.discountValue), minSpendPence: voucher.minSpendPence, maxDiscountPence: voucher.maxDiscountPence };
          if (!meetsMinimumSpend(promo, amountPence)) {
            throw badRequest(`Minimum spend of £${poundsString(promo.minSpendPence ?? 0)} required (current: £${poundsString(amountPence)})`);
          }
          discountPence = discountFor(promo, amountPence);
          const used = await tx.voucher.updateMany({ where: { id: voucher.id, status: "active" }, data: { status: "redeemed", redeemedAt: now, isActive: false } });
          if (used.count !== 1) throw badRequest(`Promo code "${input.promoCode}" not found or expired for this customer`);
          voucherId = voucher.id;
        }
        const paidPence = amountPence - discountPence;
        const earned = pointsForPurchase(paidPence, Number(customer.pointsPerPound));
        const t = await tx.transaction.create({ data: { ...base, amountPence: paidPence, pointsEarned: earned, promoCode, discountPence, voucherId } });
        const after = await applyPoints(tx, { ...pointsChange, points: earned, kind: "earn", transactionId: t.id, amountPence: paidPence, spendPence: paidPence, visit: true, wake: true });
        return { t, after, customer, recipient: null as { id: number; name: string } | null };
      }
      case "gift_points": {
        const points = input.giftPoints;
        const recipientId = input.recipientCustomerId;
        if (!recipientId || points === undefined || points <= 0) throw badRequest(REQUIRED);
        if (recipientId === customer.id) throw badRequest("A customer cannot gift points to themselves");
        if (points > customer.totalPoints) throw badRequest(INSUFFICIENT_POINTS);
        const recipient = await tx.customer.findFirst({ where: { id: recipientId, businessId }, select: { id: true, name: true, accountStatus: true, parkedAt: true } });
        if (!recipient || recipient.accountStatus === "archived") throw notFound("recipient customer not found");
        if (recipient.accountStatus === "closed" || recipient.parkedAt) throw conflict("The recipient's account cannot receive points");
        const t = await tx.transaction.create({ data: { ...base, pointsRedeemed: points, recipientCustomerId: recipient.id } });
        const reason = input.description ?? null;
        const after = await applyPoints(tx, { ...pointsChange, points: -points, kind: "gift_out", transactionId: t.id, reason: reason ?? `gift to ${recipient.name}`, wake: true });
        await applyPoints(tx, { ...pointsChange, customerId: recipient.id, points, kind: "gift_in", transactionId: t.id, reason: reason ?? `gift from ${customer.name}` });
        return { t, after, customer, recipient: { id: recipient.id, name: recipient.name } };
      }
      default:
        throw badRequest(REQUIRED);
    }
  }

  const { t, after, customer, recipient } = result;
  // The wallet passes show the balance: push the change now that it is committed.
  notifyPassChange([customer.id, recipient?.id]);
  // Idempotent, and not part of the money: outside the transaction, no round trip inside the lock
  // (the one-statement path wrote it already).
  if (!oneStatement) await completeSetupSteps(db, businessId, ["complete_transaction"], now);
  const transaction = toTransactionDto({
    ...t,
    customer: { id: customer.id, name: customer.name, email: customer.email, membershipNumber: customer.membershipNumber, totalPoints: after.balance },
    recipient,
  });
  return {
    transaction,
    customer: {
      id: customer.id,
      totalPoints: after.balance,
      lifetimeSpent: poundsString(after.lifetimeSpentPence),
      lastVisit: after.lastVisit?.toISOString() ?? null,
      accountStatus: after.accountStatus,
      sleepStatus: after.sleepStatus,
    },
    balance: after.balance,
    message: "transaction recorded",
  };
}

