import "server-only";
import type Stripe from "stripe";
import type { Tx } from "@/lib/db";
import type { PlanContext } from "@/lib/billing/apply-plan-event";
import { recordBillingEvent, syncPlanWithStripe } from "@/lib/billing/webhooks/sync-plan-with-stripe";
import { eventTime, refId, resolveBusinessId } from "@/lib/billing/webhooks/resolve-business";

// invoice.paid / invoice.payment_failed: a renewal went through or failed. The subscription is
// read from the invoice (parent.subscription_details in current API versions, `subscription` in
// older ones), else the business's current one.

type InvoiceEvent = { id: string; type: string; created: number; data: { object: Stripe.Invoice } };

export async function handleInvoiceSettled(tx: Tx, event: InvoiceEvent, ctx: PlanContext) {
  const invoice = event.data.object;
  const details = invoice.parent?.subscription_details;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const businessId = await resolveBusinessId(tx, { metadata: details?.metadata, customer: invoice.customer, subscription: refId(details?.subscription) ?? refId(legacy) });
  if (!businessId) return { ignored: "unknown business" };
  const current = await tx.business.findUniqueOrThrow({ where: { id: businessId }, select: { stripeSubscriptionId: true } });
  const subscriptionId = refId(details?.subscription) ?? refId(legacy) ?? current.stripeSubscriptionId;
  if (!subscriptionId) return { ignored: "no subscription" };
  await recordBillingEvent(tx, { id: event.id, businessId, subscriptionId, kind: event.type === "invoice.paid" ? "invoice_paid" : "invoice_failed", createdAt: eventTime(event.created, ctx.now) });
  return syncPlanWithStripe(tx, businessId, refId(invoice.customer), ctx);
}
