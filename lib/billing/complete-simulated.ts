import "server-only";
import { conflict, forbidden } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activity/actor";
import { readSimulatedToken } from "@/lib/billing/simulated-token";
import { applyPlanEvent, withPlanTransaction } from "@/lib/billing/apply-plan-event";
import { NO_SPACE, reactivateParkedCustomer } from "@/lib/billing/reactivate-parked-customer";
import { isBillingSimulated } from "@/lib/billing/stripe";

// The simulated checkout and portal (no Stripe keys). They send the plan machine the same events
// Stripe's webhooks lead to, and a reactivation takes the same locked space check.

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
  return withPlanTransaction(async (tx, mail) => {
    if (p.purpose === "reactivate" && p.reactivateCustomerId) {
      const r = await reactivateParkedCustomer(tx, businessId, p.reactivateCustomerId, now, actor);
      if (r.noSpace) throw conflict(NO_SPACE); // rolls back: no payment is taken
      return { ok: true, message: "Payment received: your customer is active again.", redirectUrl: "/customers" };
    }
    await applyPlanEvent(tx, businessId, { type: "upgrade_paid" }, { actor, now, mail });
    return { ok: true, message: "Payment received: welcome to max!", redirectUrl: "/account" };
  });
}

/** POST /api/billing/simulated/portal */
export async function runSimulatedPortalAction(businessId: number, token: string, action: SimulatedPortalAction, actor: Actor, now: Date) {
  read(token, businessId, now);
  return withPlanTransaction(async (tx, mail) => {
    const ctx = { actor, now, mail };
    if (action === "update_payment") {
      const r = await applyPlanEvent(tx, businessId, { type: "payment_recovered" }, ctx);
      return { message: r.changed ? "Payment method updated and payment received." : "Payment method updated." };
    }
    if (action === "fail_renewal") {
      const r = await applyPlanEvent(tx, businessId, { type: "payment_failed", at: now }, ctx);
      return { message: r.changed ? "Renewal payment failed (simulated)." : "Nothing to renew: not on a paid max plan." };
    }
    await applyPlanEvent(tx, businessId, { type: "subscription_ended" }, ctx);
    return { message: "Subscription cancelled: you are now on the starter plan." };
  });
}
