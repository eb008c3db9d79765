import "server-only";
import { db } from "@/lib/db";
import { wholeDaysUntil } from "@/lib/rules/uk-time";
import { STARTER_CUSTOMER_LIMIT } from "@/lib/rules/plans";
import { graceEndsAt } from "@/lib/billing/plan-machine";
import { countsTowardLimit } from "@/lib/customers/customer-usage";

// The countdowns of spec 2 section 7: downgrade, payment failure and trial.

const daysUntil = wholeDaysUntil;

async function overStarterLimit(businessId: number) {
  return (await db.customer.count({ where: { businessId, ...countsTowardLimit } })) > STARTER_CUSTOMER_LIMIT;
}

/** GET /api/subscription/downgrade-status */
export async function getDowngradeStatus(businessId: number, now: Date) {
  const b = await db.business.findUniqueOrThrow({ where: { id: businessId }, select: { downgradeEffectiveAt: true } });
  if (!b.downgradeEffectiveAt) return { isDowngrading: false, requiresAction: false, daysRemaining: null, downgradeEffectiveAt: null };
  return {
    isDowngrading: true,
    requiresAction: await overStarterLimit(businessId),
    daysRemaining: daysUntil(b.downgradeEffectiveAt, now),
    downgradeEffectiveAt: b.downgradeEffectiveAt.toISOString(),
  };
}

/** GET /api/subscription/payment-failure-status: 7 days of grace from paymentFailedAt; urgent at 1 day or less. */
export async function getPaymentFailureStatus(businessId: number, now: Date) {
  const b = await db.business.findUniqueOrThrow({ where: { id: businessId }, select: { subscriptionStatus: true, paymentFailedAt: true } });
  if (b.subscriptionStatus !== "payment_failed" || !b.paymentFailedAt) return { requiresAction: false, daysRemaining: null, isUrgent: false };
  const daysRemaining = daysUntil(graceEndsAt(b.paymentFailedAt), now);
  return { requiresAction: true, daysRemaining, isUrgent: daysRemaining <= 1, overLimit: await overStarterLimit(businessId) };
}

/** GET /api/business/trial-status */
export async function getTrialStatus(businessId: number, now: Date) {
  const b = await db.business.findUniqueOrThrow({ where: { id: businessId }, select: { subscriptionStatus: true, trialEndsAt: true } });
  const active = b.subscriptionStatus === "trial" && b.trialEndsAt !== null && b.trialEndsAt > now;
  return { hasActiveTrial: active, daysRemaining: active ? daysUntil(b.trialEndsAt!, now) : 0, trialEndDate: b.trialEndsAt?.toISOString() ?? null };
}
