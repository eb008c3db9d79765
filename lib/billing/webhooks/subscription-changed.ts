import "server-only";
import type Stripe from "stripe";
import type { Tx } from "@/lib/db";
import type { PlanContext } from "@/lib/billing/apply-plan-event";
import { recordBillingEvent, syncPlanWithStripe } from "@/lib/billing/webhooks/sync-plan-with-stripe";
import { eventTime, refId, resolveBusinessId } from "@/lib/billing/webhooks/resolve-business";

// customer.subscription.created / .updated / .deleted: Stripe's status of one subscription, folded
// with everything else Stripe said (a late update after the deletion changes nothing).

type SubscriptionEvent = { id: string; type: string; created: number; data: { object: Stripe.Subscription } };

export async function handleSubscriptionChanged(tx: Tx, event: SubscriptionEvent, ctx: PlanContext) {
  const sub = event.data.object;
  const businessId = await resolveBusinessId(tx, { metadata: sub.metadata, customer: sub.customer, subscription: sub.id });
  if (!businessId) return { ignored: "unknown business" };
  const end = Number(sub.items?.data?.[0]?.current_period_end ?? sub.cancel_at ?? NaN);
  await recordBillingEvent(tx, {
    id: event.id,
    businessId,
    subscriptionId: sub.id,
    kind: "subscription_status",
    status: event.type === "customer.subscription.deleted" ? "canceled" : sub.status,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    periodEnd: Number.isFinite(end) && end > 0 ? new Date(end * 1000) : null,
    createdAt: eventTime(event.created, ctx.now),
  });
  return syncPlanWithStripe(tx, businessId, refId(sub.customer), ctx);
}
