import Stripe from "stripe";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { parkedIds } from "./billing-fixtures";

// Stripe webhook events in the shapes Stripe really sends (API version 2025-03-31.basil and later:
// the period end on the subscription item, the invoice's subscription under
// parent.subscription_details), signed locally with the SDK's test header helper (no network).
// The route is imported inside jest.isolateModulesAsync after the STRIPE_* variables are set, so
// the real signature check runs.

export const WEBHOOK_SECRET = "whsec_test_secret";
const stripe = new Stripe("sk_test_dummy");
export type Route = (req: import("next/server").NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export async function withStripe(fn: (webhook: Route) => Promise<void>) {
  const saved = { ...process.env };
  Object.assign(process.env, { STRIPE_SECRET_KEY: "sk_test_dummy", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PRICE_ID_MAX: "price_max" });
  try {
    await jest.isolateModulesAsync(async () => {
      const route = await import("@/app/api/webhooks/stripe/route");
      await fn(route.POST as unknown as Route);
    });
  } finally {
    process.env = saved;
  }
}

export type StripeEvent = { id: string; object: "event"; type: string; created: number; data: { object: Record<string, unknown> } } & Record<string, unknown>;

export async function send(webhook: Route, evt: unknown, opts: { secret?: string; now?: string; signature?: string | null } = {}) {
  const payload = JSON.stringify(evt);
  const header = opts.signature === undefined ? stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET }) : opts.signature;
  return call<Record<string, unknown>>(webhook, {
    method: "POST",
    path: "/api/webhooks/stripe",
    rawBody: payload,
    headers: { "content-type": "application/json", ...(header !== null ? { "stripe-signature": header } : {}), ...(opts.now ? { "x-test-now": opts.now } : {}) },
  });
}

const rand = () => Math.random().toString(36).slice(2, 12);

/** Builds the events of one business's Stripe customer. `at` is seconds after t0 (Stripe's `created`). */
export function stripeStory(businessId: number, t0 = Math.floor(Date.now() / 1000)) {
  const customer = `cus_${rand()}`;
  const metadata = { businessId: String(businessId), purpose: "upgrade" };
  const envelope = (type: string, at: number, object: Record<string, unknown>): StripeEvent => ({
    id: `evt_${rand()}${rand()}`,
    object: "event",
    api_version: "2025-03-31.basil",
    created: t0 + at,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: `req_${rand()}`, idempotency_key: null },
    type,
  });
  const session = (sub: string | null, paymentStatus: "paid" | "unpaid" | "no_payment_required", extra: Record<string, unknown> = {}) => ({
    id: `cs_test_${rand()}`,
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: paymentStatus,
    amount_total: 2100,
    currency: "gbp",
    client_reference_id: String(businessId),
    customer,
    subscription: sub,
    metadata,
    ...extra,
  });
  const subscription = (sub: string, status: string, at: number, opts: { cancelAtPeriodEnd?: boolean; periodEnd?: number } = {}) => ({
    id: sub,
    object: "subscription",
    customer,
    status,
    created: t0,
    cancel_at_period_end: opts.cancelAtPeriodEnd ?? false,
    cancel_at: opts.cancelAtPeriodEnd ? (opts.periodEnd ?? t0 + at + 86_400 * 30) : null,
    canceled_at: status === "canceled" ? t0 + at : null,
    metadata,
    items: { object: "list", data: [{ id: `si_${rand()}`, object: "subscription_item", current_period_start: t0, current_period_end: opts.periodEnd ?? t0 + 86_400 * 30, price: { id: "price_max", unit_amount: 2100, currency: "gbp" } }] },
  });
  const invoice = (sub: string, status: "paid" | "open") => ({
    id: `in_${rand()}`,
    object: "invoice",
    customer,
    status,
    amount_due: 2100,
    amount_paid: status === "paid" ? 2100 : 0,
    currency: "gbp",
    billing_reason: "subscription_cycle",
    parent: { type: "subscription_details", subscription_details: { subscription: sub, metadata } },
  });
  return {
    customer,
    checkoutCompleted: (sub: string, at: number, paymentStatus: "paid" | "unpaid" = "paid") => envelope("checkout.session.completed", at, session(sub, paymentStatus)),
    asyncSucceeded: (sub: string, at: number) => envelope("checkout.session.async_payment_succeeded", at, session(sub, "paid")),
    asyncFailed: (sub: string, at: number) => envelope("checkout.session.async_payment_failed", at, session(sub, "unpaid")),
    subscriptionUpdated: (sub: string, status: string, at: number, opts: { cancelAtPeriodEnd?: boolean; periodEnd?: number } = {}) =>
      envelope("customer.subscription.updated", at, subscription(sub, status, at, opts)),
    subscriptionDeleted: (sub: string, at: number) => envelope("customer.subscription.deleted", at, subscription(sub, "canceled", at)),
    invoicePaid: (sub: string, at: number) => envelope("invoice.paid", at, invoice(sub, "paid")),
    invoiceFailed: (sub: string, at: number) => envelope("invoice.payment_failed", at, invoice(sub, "open")),
    reactivationCompleted: (customerId: number, at: number, paymentStatus: "paid" | "unpaid" = "paid") =>
      envelope("checkout.session.completed", at, session(null, paymentStatus, { mode: "payment", metadata: { businessId: String(businessId), purpose: "reactivate", reactivateCustomerId: String(customerId) } })),
  };
}

/** What a sequence must leave behind: plan, limit, grace and countdown dates, subscription, parked set. */
export async function planSnapshot(businessId: number) {
  const b = await db.business.findUniqueOrThrow({ where: { id: businessId } });
  return {
    subscriptionStatus: b.subscriptionStatus,
    customerLimit: b.customerLimit,
    paymentFailedAt: b.paymentFailedAt?.toISOString() ?? null,
    downgradeEffectiveAt: b.downgradeEffectiveAt?.toISOString() ?? null,
    stripeSubscriptionId: b.stripeSubscriptionId,
    parked: await parkedIds(businessId),
  };
}

export const billingEmails = async (businessId: number) =>
  (await db.outboundMessage.findMany({ where: { businessId, emailType: { startsWith: "billing_" } }, orderBy: { id: "asc" }, select: { emailType: true } })).map((m) => m.emailType);

export const activityActions = async (businessId: number) =>
  (await db.activityLog.findMany({ where: { businessId }, orderBy: { id: "asc" }, select: { action: true } })).map((a) => a.action);
