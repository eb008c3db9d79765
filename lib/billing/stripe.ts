import "server-only";
import { log } from "@/lib/log";
import Stripe from "stripe";
import { appUrl, env, isConfigured } from "@/lib/env";
import { MAX_PLAN_PRICE_PENCE } from "@/lib/rules/plans";
import { ApiError } from "@/lib/errors/api-error";
import { createSimulatedToken, type CheckoutPurpose } from "@/lib/billing/simulated-token";

// The billing facade: the real Stripe SDK when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are
// set, otherwise a simulated provider whose checkout and portal are pages inside the app (answered
// as same-origin relative URLs, so they work behind any host). The simulated path never touches
// the network.

let client: Stripe | null = null;

/** STRIPE_API_BASE (tests and local stand-ins only) points the SDK at another host, e.g. http://127.0.0.1:12111. */
function apiHostOptions(): Stripe.StripeConfig {
  if (!env.STRIPE_API_BASE) return {};
  const url = new URL(env.STRIPE_API_BASE);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

/** The Stripe client, or null when billing is simulated. */
export function stripeClient(): Stripe | null {
  if (!isConfigured.stripe) return null;
  return (client ??= new Stripe(env.STRIPE_SECRET_KEY!, apiHostOptions()));
}

/** Runs a provider call; a provider failure is logged and answered as a 503 with the spec's fallback message. */
export async function withProviderError<T>(fn: () => Promise<T>, message: string): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ApiError) throw e;
    log.error({ source: "billing", err: e }, message);
    throw new ApiError("service_unavailable", message);
  }
}

export const isBillingSimulated = () => stripeClient() === null;

type CheckoutInput = { businessId: number; email: string; stripeCustomerId: string | null; purpose: Exclude<CheckoutPurpose, "portal">; reactivateCustomerId?: number };

/** Starts a checkout and answers the URL to send the browser to. */
export async function createCheckout(input: CheckoutInput, now: Date): Promise<string> {
  const stripe = stripeClient();
  const metadata: Record<string, string> = { businessId: String(input.businessId), purpose: input.purpose };
  if (input.reactivateCustomerId) metadata.reactivateCustomerId = String(input.reactivateCustomerId);
  if (!stripe) {
    const token = createSimulatedToken({ businessId: input.businessId, purpose: input.purpose, reactivateCustomerId: input.reactivateCustomerId }, now);
    return `/billing/simulated-checkout?token=${encodeURIComponent(token)}`;
  }
  const customer = input.stripeCustomerId ? { customer: input.stripeCustomerId } : { customer_email: input.email };
  const back = input.purpose === "upgrade" ? "/account" : "/customers";
  const session = await stripe.checkout.sessions.create({
    ...customer,
    client_reference_id: String(input.businessId),
    metadata,
    success_url: `${appUrl()}${back}?checkout=success`,
    cancel_url: `${appUrl()}${back}?checkout=cancelled`,
    ...(input.purpose === "upgrade"
      ? { mode: "subscription" as const, line_items: [{ price: env.STRIPE_PRICE_ID_MAX, quantity: 1 }], subscription_data: { metadata } }
      : {
          mode: "payment" as const,
          line_items: [{ quantity: 1, price_data: { currency: "gbp", unit_amount: MAX_PLAN_PRICE_PENCE, product_data: { name: "Reactivate a parked customer" } } }],
        }),
  });
  if (!session.url) throw new Error("Stripe returned a checkout session without a url");
  return session.url;
}

/** The billing portal URL (simulated: a page inside the app). */
export async function createPortal(input: { businessId: number; stripeCustomerId: string | null }, now: Date): Promise<string | null> {
  const stripe = stripeClient();
  if (!stripe) {
    const token = createSimulatedToken({ businessId: input.businessId, purpose: "portal" }, now);
    return `/billing/simulated-portal?token=${encodeURIComponent(token)}`;
  }
  if (!input.stripeCustomerId) return null;
  const portal = await stripe.billingPortal.sessions.create({ customer: input.stripeCustomerId, return_url: `${appUrl()}/account` });
  return portal.url;
}

/** Asks Stripe to end the subscription at the end of the paid period; answers that date. */
export async function cancelAtPeriodEnd(subscriptionId: string): Promise<Date | null> {
  const stripe = stripeClient();
  if (!stripe) return null;
  const sub = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  const end = sub.items.data[0]?.current_period_end ?? sub.cancel_at;
  return end ? new Date(end * 1000) : null;
}

/** Withdraws a cancellation at the period end (the business keeps max). */
export async function resumeSubscription(subscriptionId: string): Promise<void> {
  const stripe = stripeClient();
  if (stripe) await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
}

/** Verifies the signature on the raw body; throws on a bad one. */
export function verifyWebhook(rawBody: string, signature: string): Stripe.Event {
  const stripe = stripeClient();
  if (!stripe) throw new Error("Stripe is not configured");
  return stripe.webhooks.constructEvent(rawBody, signature, env.STRIPE_WEBHOOK_SECRET!);
}
