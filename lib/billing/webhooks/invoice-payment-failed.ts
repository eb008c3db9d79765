import "server-only";
import type Stripe from "stripe";
import type { Tx } from "@/lib/db";
import { recordPaymentFailure } from "@/lib/billing/plan-changes";
import { resolveBusinessId } from "@/lib/billing/webhooks/resolve-business";

// invoice.payment_failed: payment_failed, with 7 days of grace from now.
export async function handleInvoicePaymentFailed(tx: Tx, invoice: Stripe.Invoice, now: Date) {
  const businessId = await resolveBusinessId(tx, { metadata: invoice.parent?.subscription_details?.metadata, customer: invoice.customer });
  if (!businessId) return { ignored: "unknown business" };
  return recordPaymentFailure(tx, businessId, now);
}
