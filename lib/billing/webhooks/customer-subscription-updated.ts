import "server-only";
import type Stripe from "stripe";
import type { Tx } from "@/lib/db";
import { activateMaxPlan, cancelScheduledDowngrade, endSubscription, recordPaymentFailure, recordPaymentSuccess, scheduleDowngrade } from "@/lib/billing/plan-changes";
import { refId, resolveBusinessId } from "@/lib/billing/webhooks/resolve-business";

// customer.subscription.updated: follows Stripe's status, whatever order the events arrive in.
export async function handleSubscriptionUpdated(tx: Tx, sub: Stripe.Subscription, now: Date) {
  const businessId = await resolveBusinessId(tx, { metadata: sub.metadata, customer: sub.customer, subscription: sub.id });
  if (!businessId) return { ignored: "unknown business" };
  switch (sub.status) {
    case "active":
    case "trialing": {
      const b = await tx.business.findUniqueOrThrow({ where: { id: businessId } });
      if (b.subscriptionStatus === "payment_failed") await recordPaymentSuccess(tx, businessId, now);
      else if (b.subscriptionStatus !== "pro_max" && b.subscriptionStatus !== "active") {
        return activateMaxPlan(tx, businessId, { stripeCustomerId: refId(sub.customer), stripeSubscriptionId: sub.id }, now);
      }
      // Cancelled in Stripe's portal: the downgrade countdown runs to the end of the paid period.
      if (sub.cancel_at_period_end) return scheduleDowngrade(tx, businessId, periodEnd(sub) ?? now, now);
      return cancelScheduledDowngrade(tx, businessId);
    }
    case "past_due":
    case "unpaid":
      return recordPaymentFailure(tx, businessId, now);
    case "canceled":
    case "incomplete_expired":
      return endSubscription(tx, businessId, now);
    default:
      return { ignored: sub.status };
  }
}

function periodEnd(sub: Stripe.Subscription): Date | null {
  const end = sub.items?.data?.[0]?.current_period_end ?? sub.cancel_at;
  return end ? new Date(end * 1000) : null;
}
