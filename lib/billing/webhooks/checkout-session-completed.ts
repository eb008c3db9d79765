import "server-only";
import type Stripe from "stripe";
import type { Tx } from "@/lib/db";
import { activateMaxPlan } from "@/lib/billing/plan-changes";
import { reactivateParkedCustomer } from "@/lib/billing/reactivate-parked-customer";
import { refId, resolveBusinessId } from "@/lib/billing/webhooks/resolve-business";

// checkout.session.completed: an upgrade to max, or a paid reactivation of a parked customer.
export async function handleCheckoutSessionCompleted(tx: Tx, session: Stripe.Checkout.Session, now: Date) {
  const businessId = await resolveBusinessId(tx, { metadata: session.metadata, customer: session.customer });
  if (!businessId) return { ignored: "unknown business" };
  if (session.metadata?.purpose === "reactivate") {
    const customerId = Number(session.metadata.reactivateCustomerId);
    if (session.payment_status !== "paid" || !Number.isInteger(customerId)) return { ignored: "not paid" };
    return reactivateParkedCustomer(tx, businessId, customerId, now);
  }
  return activateMaxPlan(tx, businessId, { stripeCustomerId: refId(session.customer), stripeSubscriptionId: refId(session.subscription) }, now);
}
