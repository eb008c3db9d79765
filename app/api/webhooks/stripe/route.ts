import { webhookRoute } from "@/lib/api/route";
import { handleStripeWebhook } from "@/lib/billing/handle-stripe-webhook";

// POST /api/webhooks/stripe - Stripe events (signature checked on the raw body, idempotent by event id)
export const POST = webhookRoute({}, async ({ req, now }) => handleStripeWebhook(await req.text(), req.headers.get("stripe-signature"), now));
