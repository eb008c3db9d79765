import "server-only";
import type Stripe from "stripe";
import { db } from "@/lib/db";
import { badRequest } from "@/lib/api/errors";
import { verifyWebhook } from "@/lib/billing/stripe";
import { handleCheckoutSessionCompleted } from "@/lib/billing/webhooks/checkout-session-completed";
import { handleSubscriptionUpdated } from "@/lib/billing/webhooks/customer-subscription-updated";
import { handleSubscriptionDeleted } from "@/lib/billing/webhooks/customer-subscription-deleted";
import { handleInvoicePaymentFailed } from "@/lib/billing/webhooks/invoice-payment-failed";
import { handleInvoicePaid } from "@/lib/billing/webhooks/invoice-paid";

// POST /api/webhooks/stripe: signature on the raw body, an allow-list of events, and idempotency
// by event id: the processed-event row is inserted in the same transaction as the state change,
// so a replay (or a concurrent duplicate) changes nothing and a failed handler can be retried.

const HANDLED = new Set(["checkout.session.completed", "customer.subscription.updated", "customer.subscription.deleted", "invoice.payment_failed", "invoice.paid"]);

export async function handleStripeWebhook(rawBody: string, signature: string | null, now: Date) {
  let event: Stripe.Event;
  try {
    event = verifyWebhook(rawBody, signature ?? "");
  } catch {
    throw badRequest("Invalid Stripe signature");
  }
  if (!HANDLED.has(event.type)) return { received: true, ignored: event.type };
  return db.$transaction(async (tx) => {
    const inserted = await tx.processedWebhookEvent.createMany({ data: [{ id: event.id, provider: "stripe", type: event.type }], skipDuplicates: true });
    if (inserted.count === 0) return { received: true, duplicate: true };
    const result = await dispatch(tx, event, now);
    return { received: true, result };
  });
}

function dispatch(tx: Parameters<Parameters<typeof db.$transaction>[0]>[0], event: Stripe.Event, now: Date) {
  switch (event.type) {
    case "checkout.session.completed":
      return handleCheckoutSessionCompleted(tx, event.data.object, now);
    case "customer.subscription.updated":
      return handleSubscriptionUpdated(tx, event.data.object, now);
    case "customer.subscription.deleted":
      return handleSubscriptionDeleted(tx, event.data.object, now);
    case "invoice.payment_failed":
      return handleInvoicePaymentFailed(tx, event.data.object, now);
    case "invoice.paid":
      return handleInvoicePaid(tx, event.data.object, now);
    default:
      return { ignored: event.type };
  }
}
