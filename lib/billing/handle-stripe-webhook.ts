import "server-only";
import { log } from "@/lib/log";
import type Stripe from "stripe";
import { db, type Tx } from "@/lib/db";
import { badRequest } from "@/lib/errors/api-error";
import { verifyWebhook } from "@/lib/billing/stripe";
import { withPlanTransaction, type PlanContext } from "@/lib/billing/apply-plan-event";
import { handleCheckoutSession } from "@/lib/billing/webhooks/checkout-session";
import { handleSubscriptionChanged } from "@/lib/billing/webhooks/subscription-changed";
import { handleInvoiceSettled } from "@/lib/billing/webhooks/invoice-settled";

// POST /api/webhooks/stripe: signature on the raw body, an allow-list of events, and idempotency
// by event id: the processed-event row is inserted in the same transaction as the state change,
// so a replay (or a concurrent duplicate) changes nothing and a failed handler can be retried.
// Order does not matter: each handler records the event and lets the plan follow the fold of all
// of them (lib/billing/fold-stripe-events.ts), through the plan machine.

const HANDLED = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
  "invoice.paid",
]);

export async function handleStripeWebhook(rawBody: string, signature: string | null, now: Date) {
  let event: Stripe.Event;
  try {
    event = verifyWebhook(rawBody, signature ?? "");
  } catch {
    throw badRequest("Invalid Stripe signature");
  }
  const object = (event as { data?: { object?: unknown } }).data?.object;
  if (typeof event.id !== "string" || typeof event.type !== "string" || !object || typeof object !== "object") throw badRequest("Malformed Stripe event");
  if (!HANDLED.has(event.type)) {
    // Logged (console and the processed-events table) so a new event type shows up, then acknowledged.
    log.info({ source: "billing", eventType: event.type, eventId: event.id }, `Stripe event ${event.type} is not handled; acknowledged`);
    await db.processedWebhookEvent.createMany({ data: [{ id: event.id, provider: "stripe", type: event.type }], skipDuplicates: true });
    return { received: true, ignored: event.type };
  }
  return withPlanTransaction(async (tx, mail) => {
    const inserted = await tx.processedWebhookEvent.createMany({ data: [{ id: event.id, provider: "stripe", type: event.type }], skipDuplicates: true });
    if (inserted.count === 0) return { received: true, duplicate: true };
    const result = await dispatch(tx, event, { now, mail });
    return { received: true, result };
  });
}

function dispatch(tx: Tx, event: Stripe.Event, ctx: PlanContext) {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
      return handleCheckoutSession(tx, event, ctx);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return handleSubscriptionChanged(tx, event, ctx);
    case "invoice.payment_failed":
    case "invoice.paid":
      return handleInvoiceSettled(tx, event, ctx);
    default:
      return { ignored: event.type };
  }
}
