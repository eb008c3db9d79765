import "server-only";
import type Stripe from "stripe";
import type { Tx } from "@/lib/db";
import { endSubscription } from "@/lib/billing/plan-changes";
import { resolveBusinessId } from "@/lib/billing/webhooks/resolve-business";

// customer.subscription.deleted: the business is back on starter.
export async function handleSubscriptionDeleted(tx: Tx, sub: Stripe.Subscription, now: Date) {
  const businessId = await resolveBusinessId(tx, { metadata: sub.metadata, customer: sub.customer, subscription: sub.id });
  if (!businessId) return { ignored: "unknown business" };
  const b = await tx.business.findUniqueOrThrow({ where: { id: businessId }, select: { stripeSubscriptionId: true } });
  // A late event about an older subscription must not end the current one.
  if (b.stripeSubscriptionId && b.stripeSubscriptionId !== sub.id) return { ignored: "not the current subscription" };
  return endSubscription(tx, businessId, now);
}
