import "server-only";
import { db } from "@/lib/db";
import { conflict } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activity/actor";
import { applyPlanEvent, withPlanTransaction } from "@/lib/billing/apply-plan-event";
import { createCheckout, createPortal, isBillingSimulated, resumeSubscription, withProviderError } from "@/lib/billing/stripe";
import { assertCanReactivate } from "@/lib/billing/reactivate-parked-customer";

// Starting the three billing journeys: upgrade checkout, billing portal, paid reactivation.

async function business(businessId: number) {
  return db.business.findUniqueOrThrow({ where: { id: businessId }, select: { id: true, email: true, subscriptionStatus: true, isFounderMember: true, stripeCustomerId: true, stripeSubscriptionId: true, downgradeEffectiveAt: true } });
}

/** POST /api/billing/upgrade. During a downgrade countdown with a live Stripe subscription, the
 *  cancellation is withdrawn instead of starting a second subscription. */
export async function startUpgrade(businessId: number, actor: Actor, now: Date) {
  const b = await business(businessId);
  const onMax = b.isFounderMember || b.subscriptionStatus === "pro_max" || b.subscriptionStatus === "active";
  if (b.subscriptionStatus === "payment_failed") throw conflict("Your last payment failed: please update your payment details instead.");
  if (onMax && !b.downgradeEffectiveAt) return { message: "You are already on the max plan." };
  if (onMax && b.stripeSubscriptionId && !isBillingSimulated()) {
    await withProviderError(() => resumeSubscription(b.stripeSubscriptionId!), "Failed to start upgrade");
    await withPlanTransaction((tx, mail) => applyPlanEvent(tx, businessId, { type: "downgrade_withdrawn" }, { actor, now, mail }));
    return { message: "Your max plan continues: the downgrade is cancelled." };
  }
  const redirectUrl = await withProviderError(() => createCheckout({ businessId, email: b.email, stripeCustomerId: b.stripeCustomerId, purpose: "upgrade" }, now), "Failed to start upgrade");
  return { redirectUrl };
}

/** POST /api/billing/portal */
export async function openPortal(businessId: number, now: Date) {
  const b = await business(businessId);
  const url = await withProviderError(() => createPortal({ businessId, stripeCustomerId: b.stripeCustomerId }, now), "Failed to open the billing portal");
  return { url };
}

/** POST /api/create-checkout-session {reactivateCustomerId} */
export async function startReactivationCheckout(businessId: number, customerId: number, now: Date) {
  await assertCanReactivate(businessId, customerId);
  const b = await business(businessId);
  const url = await withProviderError(
    () => createCheckout({ businessId, email: b.email, stripeCustomerId: b.stripeCustomerId, purpose: "reactivate", reactivateCustomerId: customerId }, now),
    "Failed to create checkout session",
  );
  return { url };
}
