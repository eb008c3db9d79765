import "server-only";
import type { Tx } from "@/lib/db";
import { SYSTEM_ACTOR, type Actor } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { isUnlimitedPlan } from "@/lib/rules/plans";
import { COMPLIANCE_REASONS, restoreParkedCustomers } from "@/lib/billing/restore-parked-customers";

// The state changes of the subscription lifecycle. Webhook handlers and the simulated checkout
// call exactly these, each inside the caller's transaction, each writing an activity row. Every
// change is tolerant of replays and of events arriving out of order: it looks at the current state.

type StripeIds = { stripeCustomerId?: string | null; stripeSubscriptionId?: string | null };

/** Upgrade (or a subscription becoming active again): max, parked compliance customers restored,
 *  a pending downgrade cancelled, a referral trial converted. */
export async function activateMaxPlan(tx: Tx, businessId: number, ids: StripeIds, now: Date, actor: Actor = SYSTEM_ACTOR) {
  const before = await tx.business.findUniqueOrThrow({ where: { id: businessId } });
  await tx.business.update({
    where: { id: businessId },
    data: {
      subscriptionStatus: "pro_max",
      paymentFailedAt: null,
      downgradeRequestedAt: null,
      downgradeEffectiveAt: null,
      trialEndsAt: null,
      ...(ids.stripeCustomerId ? { stripeCustomerId: ids.stripeCustomerId } : {}),
      ...(ids.stripeSubscriptionId ? { stripeSubscriptionId: ids.stripeSubscriptionId } : {}),
    },
  });
  const restored = await restoreParkedCustomers(tx, businessId, COMPLIANCE_REASONS, now);
  const converted = await tx.referral.updateMany({ where: { referredBusinessId: businessId, trialStatus: "active" }, data: { trialStatus: "converted", convertedAt: now } });
  if (before.subscriptionStatus === "pro_max" && restored === 0 && converted.count === 0 && before.downgradeEffectiveAt === null) return { changed: false, restored };
  await logActivity(
    {
      businessId,
      actor,
      action: "subscription_upgraded",
      description: `Subscription upgraded to max${restored ? `; ${restored} parked customer${restored === 1 ? "" : "s"} restored` : ""}`,
      tableName: "businesses",
      recordId: businessId,
      oldValues: { subscriptionStatus: before.subscriptionStatus },
      newValues: { subscriptionStatus: "pro_max", restored, trialConverted: converted.count > 0 },
    },
    tx,
  );
  return { changed: true, restored };
}

/** A renewal payment failed: payment_failed with the 7-day grace counted from the first failure. */
export async function recordPaymentFailure(tx: Tx, businessId: number, now: Date) {
  const b = await tx.business.findUniqueOrThrow({ where: { id: businessId } });
  if (b.subscriptionStatus === "payment_failed" || !isUnlimitedPlan(b.subscriptionStatus)) return { changed: false };
  await tx.business.update({ where: { id: businessId }, data: { subscriptionStatus: "payment_failed", paymentFailedAt: now } });
  await logActivity(
    { businessId, actor: SYSTEM_ACTOR, action: "payment_failed", description: "Subscription payment failed: 7-day grace period started", tableName: "businesses", recordId: businessId, oldValues: { subscriptionStatus: b.subscriptionStatus }, newValues: { subscriptionStatus: "payment_failed", paymentFailedAt: now.toISOString() } },
    tx,
  );
  return { changed: true };
}

/** A payment went through: back to active, grace cleared, payment-failure parkings restored. */
export async function recordPaymentSuccess(tx: Tx, businessId: number, now: Date, actor: Actor = SYSTEM_ACTOR) {
  const b = await tx.business.findUniqueOrThrow({ where: { id: businessId } });
  if (b.subscriptionStatus !== "payment_failed") return { changed: false, restored: 0 };
  await tx.business.update({ where: { id: businessId }, data: { subscriptionStatus: "active", paymentFailedAt: null } });
  const restored = await restoreParkedCustomers(tx, businessId, ["payment_failure_compliance"], now);
  await logActivity(
    { businessId, actor, action: "payment_recovered", description: `Subscription payment received${restored ? `; ${restored} parked customer${restored === 1 ? "" : "s"} restored` : ""}`, tableName: "businesses", recordId: businessId, oldValues: { subscriptionStatus: "payment_failed" }, newValues: { subscriptionStatus: "active", restored } },
    tx,
  );
  return { changed: true, restored };
}

/** The subscription ended: starter. Customers beyond 10 are parked by the billing job, which sees
 *  the downgrade as due now if none was scheduled. */
export async function endSubscription(tx: Tx, businessId: number, now: Date, actor: Actor = SYSTEM_ACTOR) {
  const b = await tx.business.findUniqueOrThrow({ where: { id: businessId } });
  if (b.subscriptionStatus === "pro_starter" && b.stripeSubscriptionId === null) return { changed: false };
  await tx.business.update({
    where: { id: businessId },
    data: {
      subscriptionStatus: "pro_starter",
      stripeSubscriptionId: null,
      paymentFailedAt: null,
      downgradeRequestedAt: b.downgradeRequestedAt ?? now,
      downgradeEffectiveAt: b.downgradeEffectiveAt && b.downgradeEffectiveAt < now ? b.downgradeEffectiveAt : now,
    },
  });
  await logActivity(
    { businessId, actor, action: "subscription_ended", description: "Subscription ended: now on the starter plan", tableName: "businesses", recordId: businessId, oldValues: { subscriptionStatus: b.subscriptionStatus }, newValues: { subscriptionStatus: "pro_starter" } },
    tx,
  );
  return { changed: true };
}

/** The subscription will end at `effective` (a downgrade requested in the app or in Stripe's portal). */
export async function scheduleDowngrade(tx: Tx, businessId: number, effective: Date, now: Date, actor: Actor = SYSTEM_ACTOR) {
  const b = await tx.business.findUniqueOrThrow({ where: { id: businessId }, select: { downgradeEffectiveAt: true } });
  if (b.downgradeEffectiveAt?.getTime() === effective.getTime()) return { changed: false };
  await tx.business.update({ where: { id: businessId }, data: { downgradeRequestedAt: now, downgradeEffectiveAt: effective } });
  await logActivity(
    { businessId, actor, action: "downgrade_requested", description: `Downgrade to starter scheduled for ${effective.toISOString().slice(0, 10)}`, tableName: "businesses", recordId: businessId, newValues: { downgradeEffectiveAt: effective.toISOString() } },
    tx,
  );
  return { changed: true };
}

/** A scheduled downgrade was withdrawn (the subscription renews after all). */
export async function cancelScheduledDowngrade(tx: Tx, businessId: number, actor: Actor = SYSTEM_ACTOR) {
  const { count } = await tx.business.updateMany({ where: { id: businessId, downgradeEffectiveAt: { not: null } }, data: { downgradeRequestedAt: null, downgradeEffectiveAt: null } });
  if (!count) return { changed: false };
  await logActivity({ businessId, actor, action: "downgrade_cancelled", description: "Scheduled downgrade cancelled: max continues", tableName: "businesses", recordId: businessId }, tx);
  return { changed: true };
}
