import "server-only";
import type Stripe from "stripe";
import type { Tx } from "@/lib/db";
import { recordPaymentSuccess } from "@/lib/billing/plan-changes";
import { resolveBusinessId } from "@/lib/billing/webhooks/resolve-business";

// invoice.paid: a failed payment is fixed; parked customers come back.
export async function handleInvoicePaid(tx: Tx, invoice: Stripe.Invoice, now: Date) {
  const businessId = await resolveBusinessId(tx, { metadata: invoice.parent?.subscription_details?.metadata, customer: invoice.customer });
  if (!businessId) return { ignored: "unknown business" };
  return recordPaymentSuccess(tx, businessId, now);
}
