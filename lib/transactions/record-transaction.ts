import "server-only";
import { Prisma, type Transaction } from "@/generated/prisma/client";
import { db, type Tx } from "@/lib/db";
import { rawRows } from "@/lib/db-raw";
import { badRequest, conflict, notFound } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activity/actor";
import { activityDescription, logActivity } from "@/lib/activity/log-activity";
import { completeSetupSteps } from "@/lib/onboarding/complete-setup-steps";
import { applyPoints, lockCustomers, type PointsResult } from "@/lib/ledger/apply-points";
import { INSUFFICIENT_POINTS, refusalFor } from "@/lib/rules/ledger";
import { recordInOneStatement, type SimplePlan, type Snapshot } from "@/lib/ledger/record-in-one-statement";
import { toTransactionDto } from "@/lib/transactions/transaction-dto";
import { discountFor, meetsMinimumSpend, pointsForPurchase } from "@/lib/rules/points";
import { poundsString, redemptionValuePence } from "@/lib/rules/money";
import type { CreateTransactionInput } from "@/lib/validation/transactions";
import { notifyPassChange } from "@/lib/wallet/push/notify-pass-change";
import { emitTransactionEvents, webhookWantedSql } from "@/lib/outgoing-webhooks/emit-webhook-events";
import { multiplyEarned } from "@/lib/tiers/earn-multiplier";
import { checkTiersAfterCredit, followUpFlagsSql, rewardAfterPurchase, type AfterCredit, type FollowUpFlags } from "@/lib/tiers/reward-after-purchase";
import { usableVoucherWhere } from "@/lib/vouchers/usable-voucher";

type Customer = Snapshot & { name: string; email: string; membershipNumber: string; earnMultiplier: string };
/** What may follow the commit, read with the customer: tiers, a pending referral, webhook endpoints. */
type FollowUps = FollowUpFlags & { webhooks: boolean };

// The customer and, in the same round trip, what may follow the commit (issue 23: a purchase
// with no tiers, referral or webhook endpoint makes no further query, before or after its answer).
const readCustomer = (businessId: number, id: number) => rawRows<Customer & FollowUps>(Prisma.sql`
  SELECT id, name, email, "membershipNumber", "accountStatus", "sleepStatus", "parkedAt", "totalPoints", "lifetimeSpentPence",
         "pointsPerPound"::text AS "pointsPerPound", "redemptionValue"::text AS "redemptionValue", "minimumRedemption", "earnMultiplier"::text AS "earnMultiplier",
         ${followUpFlagsSql(businessId, id)}, ${webhookWantedSql(businessId, "points.changed")} AS webhooks
  FROM customers WHERE id = ${id} AND "businessId" = ${businessId} AND "accountStatus" <> 'archived'`);

/** What a purchase without a promo code, a redemption, bonus, goodwill or adjustment writes, from the
 *  customer as read; throws the spec's messages. Pure: the ledger's single statement applies it. */
function planSimple(input: Exclude<CreateTransactionInput, { type: "gift_points" }>, customer: Customer): SimplePlan {
  const base = { type: input.type, description: input.description };
  switch (input.type) {
    case "purchase": {
      const earned = multiplyEarned(pointsForPurchase(input.amount, Number(customer.pointsPerPound)), customer.earnMultiplier); // VIP tier (issue 26)
      return { ...base, data: { amountPence: input.amount, pointsEarned: earned, pointsRedeemed: 0 }, points: earned, kind: "earn", ledgerAmountPence: input.amount, spendPence: input.amount, visit: true, reason: null };
    }
    case "points_redemption": {
      const points = input.pointsToRedeem;
      if (points > customer.totalPoints) throw badRequest(INSUFFICIENT_POINTS);
      if (points < customer.minimumRedemption) {
        throw badRequest(`minimum redemption is ${customer.minimumRedemption} points. customer is trying to redeem ${points} points.`);
      }
      const valuePence = redemptionValuePence(points, Number(customer.redemptionValue));
      if (input.amount !== null && input.amount !== valuePence) throw badRequest(`The redemption value should be £${poundsString(valuePence)} for ${points} points`);
      return { ...base, data: { amountPence: valuePence, pointsEarned: 0, pointsRedeemed: points }, points: -points, kind: "redeem", ledgerAmountPence: valuePence, spendPence: 0, visit: true, reason: null };
    }
    case "bonus_points":
    case "goodwill_points": {
      const points = input.amount;
      const kind = input.type === "bonus_points" ? "bonus" : "goodwill";
      return { ...base, data: { amountPence: 0, pointsEarned: points, pointsRedeemed: 0 }, points, kind, ledgerAmountPence: 0, spendPence: 0, visit: false, reason: input.description };
    }
    case "points_adjustment": {
      const points = input.pointsAdjustment;
      if (points < 0 && -points > customer.totalPoints) throw badRequest(INSUFFICIENT_POINTS);
      const data = { amountPence: 0, pointsEarned: Math.max(points, 0), pointsRedeemed: Math.max(-points, 0) };
      return { ...base, data, points, kind: "adjustment", ledgerAmountPence: 0, spendPence: 0, visit: false, reason: input.description };
    }
  }
}

const signedPoints = (t: { pointsEarned: number; pointsRedeemed: number }) => (t.pointsEarned ? `+${t.pointsEarned}` : t.pointsRedeemed ? `-${t.pointsRedeemed}` : "0");
const recordedDescription = (type: string, name: string, t: { pointsEarned: number; pointsRedeemed: number }) => `Recorded ${type.replace(/_/g, " ")} for ${name}: ${signedPoints(t)} points`;

/** The till's hot path: read the customer, plan in JavaScript, then the ledger's single statement.
 *  If the customer changed in between, read again and re-plan. */
async function recordSimple(businessId: number, input: Exclude<CreateTransactionInput, { type: "gift_points" }>, actor: Actor, now: Date) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await readCustomer(businessId, input.customerId);
    if (!row) throw notFound("customer not found");
    const { tiers, referral, webhooks, ...customer } = row;
    // The account's state first (a closed account says so, whatever else is wrong): a purchase
    // earns, every other type moves points the way a sleeping account refuses.
    const refused = refusalFor(customer, input.type === "purchase" ? "earn" : "bonus");
    if (refused) throw conflict(refused);
    const plan = planSimple(input, customer);
    const activity = activityDescription({ businessId, actor, description: recordedDescription(input.type, customer.name, plan.data) });
    const done = await recordInOneStatement(businessId, customer, plan, actor, activity, now);
    if (done) return { ...done, customer, recipient: null as { id: number; name: string } | null, followUps: { tiers, referral, webhooks } as FollowUps | null };
  }
  throw badRequest(INSUFFICIENT_POINTS);
}

/** Promo-code purchases (a voucher to claim) and gifts (two customers) use an interactive
 *  transaction; the ledger's applyPoints moves the balances inside it. */
async function recordInTransaction(tx: Tx, businessId: number, input: Extract<CreateTransactionInput, { type: "purchase" | "gift_points" }>, actor: Actor, now: Date) {
  // Customers first, in id order (the ledger's lock order): two gifts in opposite directions at
  // the same moment queue up instead of deadlocking.
  await lockCustomers(tx, businessId, [input.customerId, input.type === "gift_points" ? input.recipientCustomerId : null]);
  const [customer] = await tx.$queryRaw<Customer[]>`
    SELECT id, name, email, "membershipNumber", "accountStatus", "sleepStatus", "parkedAt", "totalPoints", "lifetimeSpentPence",
           "pointsPerPound"::text AS "pointsPerPound", "redemptionValue"::text AS "redemptionValue", "minimumRedemption", "earnMultiplier"::text AS "earnMultiplier"
    FROM customers WHERE id = ${input.customerId} AND "businessId" = ${businessId} AND "accountStatus" <> 'archived' FOR UPDATE`;
  if (!customer) throw notFound("customer not found");
  const refused = refusalFor(customer, input.type === "purchase" ? "earn" : "gift_out");
  if (refused) throw conflict(refused);

  const base = { businessId, customerId: customer.id, type: input.type, description: input.description, actorType: actor.type, actorId: actor.id, actorName: actor.name, createdAt: now, updatedAt: now };
  const change = { businessId, customerId: customer.id, actor, now };

  if (input.type === "purchase") {
    const amountPence = input.amount;
    const promoCode = input.promoCode as string;
    const voucher = await tx.voucher.findFirst({
      where: { businessId, customerId: customer.id, promoCode, ...usableVoucherWhere(now) },
      orderBy: { createdAt: "desc" },
    });
    if (!voucher) throw badRequest(`Promo code "${promoCode}" not found or expired for this customer`);
    const promo = { discountType: voucher.discountType, discountValue: Number(voucher.discountValue), minSpendPence: voucher.minSpendPence, maxDiscountPence: voucher.maxDiscountPence };
    if (!meetsMinimumSpend(promo, amountPence)) {
      throw badRequest(`Minimum spend of £${poundsString(promo.minSpendPence ?? 0)} required (current: £${poundsString(amountPence)})`);
    }
    const discountPence = discountFor(promo, amountPence);
    const used = await tx.voucher.updateMany({ where: { id: voucher.id, status: "active" }, data: { status: "redeemed", redeemedAt: now, isActive: false } });
    if (used.count !== 1) throw badRequest(`Promo code "${promoCode}" not found or expired for this customer`);
    const paidPence = amountPence - discountPence;
    const earned = multiplyEarned(pointsForPurchase(paidPence, Number(customer.pointsPerPound)), customer.earnMultiplier); // VIP tier (issue 26)
    const t = await tx.transaction.create({ data: { ...base, amountPence: paidPence, pointsEarned: earned, promoCode, discountPence, voucherId: voucher.id } });
    const after = await applyPoints(tx, { ...change, points: earned, kind: "earn", transactionId: t.id, amountPence: paidPence, spendPence: paidPence, visit: true });
    return { t, after, customer, recipient: null as { id: number; name: string } | null };
  }

  const points = input.giftPoints;
  if (points > customer.totalPoints) throw badRequest(INSUFFICIENT_POINTS);
  const recipient = await tx.customer.findFirst({ where: { id: input.recipientCustomerId, businessId }, select: { id: true, name: true, accountStatus: true } });
  if (!recipient || recipient.accountStatus === "archived") throw notFound("recipient customer not found");
  const t = await tx.transaction.create({ data: { ...base, pointsRedeemed: points, recipientCustomerId: recipient.id } });
  const after = await applyPoints(tx, { ...change, points: -points, kind: "gift_out", transactionId: t.id, reason: input.description ?? `gift to ${recipient.name}` });
  // The recipient's state is the ledger's to judge: closed, parked, snoozed or asleep accounts take no gift.
  await applyPoints(tx, { ...change, customerId: recipient.id, points, kind: "gift_in", transactionId: t.id, reason: input.description ?? `gift from ${customer.name}`, refusedMessage: "The recipient's account cannot receive points" });
  return { t, after, customer, recipient: { id: recipient.id, name: recipient.name } };
}

/** Records one transaction of any of the six types: the business record, the ledger entries and
 *  the customer's balance, lifetime spent and last visit, all in one database transaction. */
export async function recordTransaction(businessId: number, input: CreateTransactionInput, actor: Actor, now = new Date()) {
  let result: { t: Transaction; after: PointsResult; customer: Customer; recipient: { id: number; name: string } | null; followUps?: FollowUps | null };
  if (input.type === "gift_points" || (input.type === "purchase" && input.promoCode)) {
    const complex = input;
    result = await db.$transaction(async (tx) => {
      const done = await recordInTransaction(tx, businessId, complex, actor, now);
      const t = done.t;
      // The activity row commits (or not) with the transaction it describes.
      await logActivity(
        {
          businessId,
          actor,
          action: "transaction_recorded",
          description: recordedDescription(complex.type, done.customer.name, t),
          tableName: "transactions",
          recordId: t.id,
          newValues: { type: t.type, customerId: t.customerId, amountPence: t.amountPence, pointsEarned: t.pointsEarned, pointsRedeemed: t.pointsRedeemed, promoCode: t.promoCode },
        },
        tx,
      );
      return done;
    }, { timeout: 10_000, maxWait: 10_000 });
    // Idempotent, and not part of the money: outside the transaction (the single statement writes it itself).
    await completeSetupSteps(db, businessId, ["complete_transaction"], now);
  } else {
    result = await recordSimple(businessId, input, actor, now);
  }

  const { t, after, customer, recipient } = result;
  // What follows, as read with the customer on the hot path (else each follow-up reads for itself).
  const known = result.followUps ?? undefined;
  // The wallet passes show the balance: push the change now that it is committed.
  notifyPassChange([customer.id, recipient?.id]);
  if (known?.webhooks !== false) emitTransactionEvents(businessId, { transactionId: t.id, customerIds: [customer.id, recipient?.id], voucherId: t.voucherId }); // webhooks (issue 27)
  // Issue 26: a purchase may bring the referral bonus; any credit that counts towards the tier
  // measure (a gift does not) may move the customer up. Both never throw.
  const follow = t.type === "purchase" ? await rewardAfterPurchase(businessId, customer.id, now, known)
    : t.type !== "gift_points" && t.pointsEarned > 0 ? await checkTiersAfterCredit(businessId, [customer.id], t.type.replace(/_/g, " "), now, known?.tiers)
    : null;
  // The answer shows the balance and tier after every award of this request (one more read only
  // when tiers are on or a referral bonus was given).
  const { balance, tier } = await balanceAndTierAfter(businessId, customer.id, after.balance, follow);
  const transaction = toTransactionDto({
    ...t,
    customer: { id: customer.id, name: customer.name, email: customer.email, membershipNumber: customer.membershipNumber, totalPoints: balance },
    recipient,
  });
  return {
    transaction,
    customer: {
      id: customer.id,
      totalPoints: balance,
      lifetimeSpent: poundsString(after.lifetimeSpentPence),
      lastVisit: after.lastVisit?.toISOString() ?? null,
      accountStatus: after.accountStatus,
      sleepStatus: after.sleepStatus,
      tier,
    },
    balance,
    message: "transaction recorded",
  };
}

/** The balance and tier once the follow-ups (referral bonus, tier move) are done: the ledger's
 *  answer as it is when nothing followed; the tier only while tiers are on. */
async function balanceAndTierAfter(businessId: number, customerId: number, balance: number, follow: AfterCredit | null): Promise<{ balance: number; tier: string | null }> {
  if (!follow || (!follow.tiersOn && !follow.rewarded.includes(customerId))) return { balance, tier: null };
  const row = await db.customer.findFirst({ where: { id: customerId, businessId }, select: { totalPoints: true, tierName: true } });
  if (!row) return { balance, tier: null };
  return { balance: row.totalPoints, tier: follow.tiersOn ? row.tierName : null };
}
