import type { PlanEvent, PlanState } from "@/lib/billing/plan-machine";
import { planOf } from "@/lib/billing/plan-machine";

// Stripe delivers events late, twice and out of order. Every billing event of a business is kept
// (billing_events) and folded here, in Stripe's own order, into the state Stripe holds now; the
// plan machine is then moved towards that state. Pure: the same set of events, in any arrival
// order and with any repeats, folds to the same target (tests/unit/fold-stripe-events.test.ts).
//
// - Order: event `created`, then status precedence on a tie (paid < failed < ended), then id.
// - A subscription that ended never comes back (Stripe cannot revive a cancelled subscription):
//   a late "active" update after the deletion changes nothing.
// - The business's subscription is the newest one that was ever paid for (checkout paid, an
//   invoice paid, or Stripe reporting it active / past_due); events about any other subscription
//   change nothing.
// - Grace starts at the first failure after the last successful payment.

export type BillingEventKind = "checkout_paid" | "subscription_status" | "invoice_paid" | "invoice_failed";

export type StoredBillingEvent = {
  id: string;
  subscriptionId: string | null;
  kind: BillingEventKind | string;
  status: string | null;
  cancelAtPeriodEnd: boolean;
  periodEnd: Date | null;
  createdAt: Date;
};

export type StripeTarget = {
  subscriptionId: string;
  state: "active" | "past_due" | "ended";
  pastDueSince: Date | null;
  /** From the newest subscription update (null when Stripe has sent none for this subscription). */
  cancel: { atPeriodEnd: boolean; periodEnd: Date | null; reportedAt: Date } | null;
};

type Implied = "active" | "past_due" | "ended" | null;

function implied(e: StoredBillingEvent): Implied {
  if (e.kind === "checkout_paid" || e.kind === "invoice_paid") return "active";
  if (e.kind === "invoice_failed") return "past_due";
  switch (e.status) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "ended";
    default:
      return null; // incomplete, paused: nothing to act on
  }
}

const PRECEDENCE: Record<Exclude<Implied, null>, number> = { active: 0, past_due: 1, ended: 2 };

const grants = (e: StoredBillingEvent) => {
  const i = implied(e);
  return e.kind !== "invoice_failed" && (i === "active" || i === "past_due");
};

function stripeOrder(a: StoredBillingEvent, b: StoredBillingEvent): number {
  const t = a.createdAt.getTime() - b.createdAt.getTime();
  if (t) return t;
  const pa = PRECEDENCE[implied(a) ?? "active"];
  const pb = PRECEDENCE[implied(b) ?? "active"];
  return pa - pb || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The state Stripe holds for the business's current subscription, or null when no subscription was
 *  ever paid for. `knownPaid`: the subscription the business already pays through (its row says so),
 *  for subscriptions that began before billing events were kept; it counts as paid from the start. */
export function foldStripeEvents(events: StoredBillingEvent[], knownPaid: string | null = null): StripeTarget | null {
  const bySub = new Map<string, StoredBillingEvent[]>();
  for (const e of events) if (e.subscriptionId) bySub.set(e.subscriptionId, [...(bySub.get(e.subscriptionId) ?? []), e]);
  if (knownPaid && !bySub.has(knownPaid)) bySub.set(knownPaid, []);

  let current: { id: string; started: number; list: StoredBillingEvent[] } | null = null;
  for (const [id, list] of bySub) {
    const paid = list.filter(grants).map((e) => e.createdAt.getTime());
    if (!paid.length && id !== knownPaid) continue;
    const started = paid.length ? Math.min(...paid) : 0;
    if (!current || started > current.started || (started === current.started && id > current.id)) current = { id, started, list };
  }
  if (!current) return null;

  const sorted = [...current.list].sort(stripeOrder);
  let state: "active" | "past_due" | "ended" = "active";
  let pastDueSince: Date | null = null;
  let cancel: StripeTarget["cancel"] = null;
  for (const e of sorted) {
    if (e.kind === "subscription_status") cancel = { atPeriodEnd: e.cancelAtPeriodEnd, periodEnd: e.periodEnd, reportedAt: e.createdAt };
    const i = implied(e);
    if (!i || state === "ended") continue;
    if (i === "past_due" && state !== "past_due") pastDueSince = e.createdAt;
    if (i !== "past_due") pastDueSince = null;
    state = i;
  }
  return { subscriptionId: current.id, state, pastDueSince, cancel };
}

/** The plan events that move a business from `s` to Stripe's state. */
export function eventsTowards(target: StripeTarget | null, s: PlanState, stripeCustomerId: string | null): PlanEvent[] {
  if (!target) return [];
  if (target.state === "ended") return s.stripeSubscriptionId === target.subscriptionId ? [{ type: "subscription_ended" }] : [];
  const plan = planOf(s.subscriptionStatus);
  const out: PlanEvent[] = [];
  const paying = plan === "max" || plan === "payment_failed";
  if (!paying || s.stripeSubscriptionId !== target.subscriptionId) {
    out.push({ type: "upgrade_paid", stripeCustomerId, stripeSubscriptionId: target.subscriptionId });
  }
  if (target.state === "past_due") {
    out.push({ type: "payment_failed", at: target.pastDueSince!, exact: true });
    return out;
  }
  if (plan === "payment_failed" && s.stripeSubscriptionId === target.subscriptionId) out.push({ type: "payment_recovered" });
  // A cancellation at the period end (Stripe's portal, or our own downgrade request) is followed
  // only when Stripe said so after the last request made in the app.
  const c = target.cancel;
  if (c && (!s.downgradeRequestedAt || c.reportedAt >= s.downgradeRequestedAt)) {
    if (c.atPeriodEnd && c.periodEnd) out.push({ type: "downgrade_scheduled", effective: c.periodEnd, requestedAt: c.reportedAt });
    else if (!c.atPeriodEnd) out.push({ type: "downgrade_withdrawn" });
  }
  return out;
}
