import "server-only";
import { db } from "@/lib/db";
import { conflict } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activity/actor";
import { addDays } from "@/lib/clock";
import { formatDate } from "@/lib/rules/format";
import { isUnlimitedPlan } from "@/lib/rules/plans";
import { cancelAtPeriodEnd, withProviderError } from "@/lib/billing/stripe";
import { applyPlanEvent, withPlanTransaction } from "@/lib/billing/apply-plan-event";

/** Without Stripe (no paid period to run out) the downgrade takes effect 7 days after the request. */
export const SIMULATED_DOWNGRADE_DAYS = 7;

/** POST /api/subscription/downgrade: max ends at the end of the paid period; then the billing job
 *  moves the business to starter and parks the newest customers beyond 10. */
export async function requestDowngrade(businessId: number, actor: Actor, now: Date) {
  const b = await db.business.findUniqueOrThrow({ where: { id: businessId } });
  if (b.isFounderMember) throw conflict("Founder members keep max for free: there is nothing to downgrade.");
  if (!isUnlimitedPlan(b.subscriptionStatus) && b.subscriptionStatus !== "payment_failed") throw conflict("You are not on the max plan.");
  if (b.downgradeEffectiveAt) return { message: `Your downgrade is already scheduled for ${formatDate(b.downgradeEffectiveAt)}.`, downgradeEffectiveAt: b.downgradeEffectiveAt.toISOString() };
  const subscriptionId = b.stripeSubscriptionId;
  const periodEnd = subscriptionId ? await withProviderError(() => cancelAtPeriodEnd(subscriptionId), "Failed to downgrade subscription") : null;
  const effective = periodEnd && periodEnd > now ? periodEnd : addDays(now, SIMULATED_DOWNGRADE_DAYS);
  await withPlanTransaction((tx, mail) => applyPlanEvent(tx, businessId, { type: "downgrade_scheduled", effective }, { actor, now, mail }));
  return {
    message: `Your plan moves to starter on ${formatDate(effective)}. Customers beyond your oldest 10 will then be parked until you upgrade again.`,
    downgradeEffectiveAt: effective.toISOString(),
  };
}
