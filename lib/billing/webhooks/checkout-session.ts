import "server-only";
import type Stripe from "stripe";
import type { Tx } from "@/lib/db";
import { SYSTEM_ACTOR } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";
import type { PlanContext } from "@/lib/billing/apply-plan-event";
import { reactivateParkedCustomer } from "@/lib/billing/reactivate-parked-customer";
import { recordBillingEvent, syncPlanWithStripe } from "@/lib/billing/webhooks/sync-plan-with-stripe";
import { eventTime, INT4_MAX, refId, resolveBusinessId } from "@/lib/billing/webhooks/resolve-business";

// checkout.session.completed, .async_payment_succeeded and .async_payment_failed: an upgrade to
// max or a paid reactivation of a parked customer. Only what is paid is granted: a session that
// completes "unpaid" (Bacs, SEPA...) waits for async_payment_succeeded; a failed one grants nothing.

type SessionEvent = { id: string; type: string; created: number; data: { object: Stripe.Checkout.Session } };

const isPaid = (s: Stripe.Checkout.Session) => s.payment_status === "paid" || s.payment_status === "no_payment_required";

export async function handleCheckoutSession(tx: Tx, event: SessionEvent, ctx: PlanContext) {
  const session = event.data.object;
  const businessId = await resolveBusinessId(tx, { metadata: session.metadata, customer: session.customer });
  if (!businessId) return { ignored: "unknown business" };
  const reactivation = session.metadata?.purpose === "reactivate";

  if (event.type === "checkout.session.async_payment_failed" || !isPaid(session)) {
    const failed = event.type === "checkout.session.async_payment_failed";
    await logActivity(
      {
        businessId, actor: SYSTEM_ACTOR, action: failed ? "checkout_payment_failed" : "checkout_awaiting_payment",
        description: `${reactivation ? "Reactivation" : "Upgrade"} checkout ${failed ? "payment failed: nothing was granted" : "completed, awaiting payment: nothing granted yet"}`,
        tableName: "businesses", recordId: businessId, newValues: { session: session.id, paymentStatus: session.payment_status },
      },
      tx,
    );
    return { ignored: failed ? "payment failed" : "not paid" };
  }

  if (reactivation) {
    const customerId = Number(session.metadata?.reactivateCustomerId);
    if (!Number.isSafeInteger(customerId) || customerId <= 0 || customerId > INT4_MAX) return { ignored: "no customer" };
    return reactivateParkedCustomer(tx, businessId, customerId, ctx.now, SYSTEM_ACTOR, { paidBy: session.id });
  }

  const customer = refId(session.customer);
  await recordBillingEvent(tx, { id: event.id, businessId, subscriptionId: refId(session.subscription) ?? `checkout:${session.id}`, kind: "checkout_paid", createdAt: eventTime(event.created, ctx.now) });
  return syncPlanWithStripe(tx, businessId, customer, ctx);
}
