import "server-only";
import type { Tx } from "@/lib/db";
import { applyPlanEvent, lockPlanState, type PlanContext } from "@/lib/billing/apply-plan-event";
import { eventsTowards, foldStripeEvents, type BillingEventKind } from "@/lib/billing/fold-stripe-events";
import { planOf } from "@/lib/billing/plan-machine";

export type BillingEventInput = {
  id: string;
  businessId: number;
  subscriptionId: string | null;
  kind: BillingEventKind;
  status?: string | null;
  cancelAtPeriodEnd?: boolean;
  periodEnd?: Date | null;
  createdAt: Date;
};

/** Keeps a Stripe event for the fold (the caller's transaction; the event id is unique). */
export async function recordBillingEvent(tx: Tx, e: BillingEventInput) {
  await tx.billingEvent.createMany({
    data: [{ id: e.id, businessId: e.businessId, subscriptionId: e.subscriptionId, kind: e.kind, status: e.status ?? null, cancelAtPeriodEnd: e.cancelAtPeriodEnd ?? false, periodEnd: e.periodEnd ?? null, createdAt: e.createdAt }],
    skipDuplicates: true,
  });
}

/** Moves the business's plan to the state Stripe holds now: the business row is locked first, so
 *  the fold sees every event committed before it (concurrent deliveries queue on the lock). */
export async function syncPlanWithStripe(tx: Tx, businessId: number, stripeCustomerId: string | null, ctx: PlanContext) {
  const b = await lockPlanState(tx, businessId);
  if (!b) return { ignored: "unknown business" };
  const events = await tx.billingEvent.findMany({ where: { businessId } });
  // A business already paying through a subscription recorded before billing events were kept.
  const paying = planOf(b.subscriptionStatus) === "max" || planOf(b.subscriptionStatus) === "payment_failed";
  const target = foldStripeEvents(events, paying ? b.stripeSubscriptionId : null);
  const steps = eventsTowards(target, b, stripeCustomerId ?? b.stripeCustomerId);
  const applied = [];
  for (const step of steps) applied.push({ event: step.type, ...(await applyPlanEvent(tx, businessId, step, ctx)) });
  return { target: target?.state ?? null, applied };
}
