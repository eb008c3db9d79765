import "server-only";
import { db } from "@/lib/db";
import { forbidden } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/principal";
import { readSimulatedToken } from "@/lib/billing/simulated-token";
import { activateMaxPlan, endSubscription, recordPaymentFailure, recordPaymentSuccess } from "@/lib/billing/plan-changes";
import { reactivateParkedCustomer } from "@/lib/billing/reactivate-parked-customer";
import { isBillingSimulated } from "@/lib/billing/stripe";

// The simulated checkout and portal (no Stripe keys). They drive exactly the state changes the
// webhook handlers use.

export type SimulatedOutcome = "paid" | "failed";
export type SimulatedPortalAction = "update_payment" | "cancel_subscription" | "fail_renewal";

function read(token: string, businessId: number, now: Date) {
  if (!isBillingSimulated()) throw forbidden("Simulated billing is not available");
  const payload = readSimulatedToken(token, now);
  if (payload.businessId !== businessId) throw forbidden("This checkout belongs to another account");
  return payload;
}

/** POST /api/billing/simulated/complete */
export async function completeSimulatedCheckout(businessId: number, token: string, outcome: SimulatedOutcome, actor: Actor, now: Date) {
  const p = read(token, businessId, now);
  if (outcome === "failed") return { ok: false, message: "Your card was declined. No payment was taken.", redirectUrl: p.purpose === "reactivate" ? "/customers" : "/account" };
  return db.$transaction(async (tx) => {
    if (p.purpose === "reactivate" && p.reactivateCustomerId) {
      await reactivateParkedCustomer(tx, businessId, p.reactivateCustomerId, now, actor);
      return { ok: true, message: "Payment received: your customer is active again.", redirectUrl: "/customers" };
    }
    await activateMaxPlan(tx, businessId, {}, now, actor);
    return { ok: true, message: "Payment received: welcome to max!", redirectUrl: "/account" };
  });
}

/** POST /api/billing/simulated/portal */
export async function runSimulatedPortalAction(businessId: number, token: string, action: SimulatedPortalAction, actor: Actor, now: Date) {
  read(token, businessId, now);
  return db.$transaction(async (tx) => {
    if (action === "update_payment") {
      const r = await recordPaymentSuccess(tx, businessId, now, actor);
      return { message: r.changed ? "Payment method updated and payment received." : "Payment method updated." };
    }
    if (action === "fail_renewal") {
      const r = await recordPaymentFailure(tx, businessId, now);
      return { message: r.changed ? "Renewal payment failed (simulated)." : "Nothing to renew: not on a paid max plan." };
    }
    await endSubscription(tx, businessId, now, actor);
    return { message: "Subscription cancelled: you are now on the starter plan." };
  });
}
