import fc from "fast-check";
import { applyPatch, planOf, transition, type Plan, type PlanEvent, type PlanEventType, type PlanState } from "@/lib/billing/plan-machine";
import { eventsTowards, foldStripeEvents, type StoredBillingEvent } from "@/lib/billing/fold-stripe-events";

// The plan state machine of issue 16, cell by cell as written in docs/decisions.md ("Plan state
// machine"), and the Stripe fold's order independence (a property over random deliveries).

const NOW = new Date("2026-11-20T12:00:00Z");
const DAY_MS = 86_400_000;

const base: PlanState = {
  subscriptionStatus: "pro_starter",
  isFounderMember: false,
  customerLimit: 10,
  paymentFailedAt: null,
  downgradeRequestedAt: null,
  downgradeEffectiveAt: null,
  trialEndsAt: null,
  stripeSubscriptionId: null,
};
const STATES: Record<Plan, PlanState> = {
  starter: base,
  trial: { ...base, subscriptionStatus: "trial", trialEndsAt: new Date(NOW.getTime() + 5 * DAY_MS) },
  max: { ...base, subscriptionStatus: "pro_max", stripeSubscriptionId: "sub_1", downgradeRequestedAt: new Date(NOW.getTime() - 9 * DAY_MS), downgradeEffectiveAt: new Date(NOW.getTime() - DAY_MS) },
  payment_failed: { ...base, subscriptionStatus: "payment_failed", stripeSubscriptionId: "sub_1", paymentFailedAt: new Date(NOW.getTime() - 8 * DAY_MS) },
};
const EVENTS: Record<PlanEventType, PlanEvent> = {
  upgrade_paid: { type: "upgrade_paid", stripeSubscriptionId: "sub_2" },
  payment_failed: { type: "payment_failed", at: NOW },
  payment_recovered: { type: "payment_recovered" },
  subscription_ended: { type: "subscription_ended" },
  downgrade_scheduled: { type: "downgrade_scheduled", effective: new Date(NOW.getTime() + 30 * DAY_MS) },
  downgrade_withdrawn: { type: "downgrade_withdrawn" },
  downgrade_due: { type: "downgrade_due" },
  grace_expired: { type: "grace_expired" },
  trial_started: { type: "trial_started", endsAt: new Date(NOW.getTime() + 28 * DAY_MS) },
  trial_expired: { type: "trial_expired" },
  founder_granted: { type: "founder_granted" },
  founder_revoked: { type: "founder_revoked" },
};

// "-" = no change; otherwise the plan after it and the effects, as in docs/decisions.md.
// (max starts with a downgrade already due, so downgrade_due and downgrade_withdrawn act on it.)
const TABLE: Record<Plan, Record<PlanEventType, string>> = {
  starter: {
    upgrade_paid: "max restore referral", payment_failed: "-", payment_recovered: "-", subscription_ended: "-", downgrade_scheduled: "-", downgrade_withdrawn: "-",
    downgrade_due: "-", grace_expired: "-", trial_started: "trial park", trial_expired: "-", founder_granted: "max restore", founder_revoked: "-",
  },
  trial: {
    upgrade_paid: "max restore referral", payment_failed: "-", payment_recovered: "-", subscription_ended: "starter park email", downgrade_scheduled: "-", downgrade_withdrawn: "-",
    downgrade_due: "-", grace_expired: "-", trial_started: "trial", trial_expired: "-", founder_granted: "max restore", founder_revoked: "-",
  },
  max: {
    upgrade_paid: "max", payment_failed: "payment_failed email", payment_recovered: "-", subscription_ended: "starter park email", downgrade_scheduled: "max", downgrade_withdrawn: "max",
    downgrade_due: "starter park email", grace_expired: "-", trial_started: "trial park", trial_expired: "-", founder_granted: "max restore", founder_revoked: "-",
  },
  payment_failed: {
    upgrade_paid: "max restore referral", payment_failed: "-", payment_recovered: "max restore", subscription_ended: "starter park email", downgrade_scheduled: "payment_failed", downgrade_withdrawn: "-",
    downgrade_due: "-", grace_expired: "payment_failed park", trial_started: "trial park", trial_expired: "-", founder_granted: "max restore", founder_revoked: "-",
  },
};

const describeOutcome = (s: PlanState, e: PlanEvent) => {
  const o = transition(s, e, NOW);
  if (!o) return "-";
  const effects = o.effects.map((x) => (x.kind === "park_excess" ? "park" : x.kind === "restore_parked" ? "restore" : x.kind === "convert_referral" ? "referral" : "email"));
  return [planOf(applyPatch(s, o).subscriptionStatus), ...effects].join(" ");
};

describe("plan state machine: every cell of the table", () => {
  for (const plan of Object.keys(TABLE) as Plan[]) {
    it.each(Object.entries(TABLE[plan]))(`${plan} x %s -> %s`, (type, expected) => {
      expect(describeOutcome(STATES[plan], EVENTS[type as PlanEventType])).toBe(expected);
    });
  }

  it("limits follow the plan: starter and trial 10, founder 999999", () => {
    const max30 = { ...STATES.max, customerLimit: 999_999 };
    expect(applyPatch(max30, transition(max30, EVENTS.subscription_ended, NOW)).customerLimit).toBe(10);
    expect(applyPatch(max30, transition(max30, EVENTS.trial_started, NOW)).customerLimit).toBe(10);
    expect(applyPatch(base, transition(base, EVENTS.founder_granted, NOW)).customerLimit).toBe(999_999);
  });

  it("a founder keeps max: failures, endings, grace and trials change nothing; a due countdown is only cleared", () => {
    const founder = { ...STATES.max, isFounderMember: true, customerLimit: 999_999 };
    for (const t of ["payment_failed", "subscription_ended", "grace_expired", "trial_started"] as const) expect(transition(founder, EVENTS[t], NOW)).toBeNull();
    expect(transition(founder, EVENTS.downgrade_due, NOW)?.patch).toEqual({ downgradeRequestedAt: null, downgradeEffectiveAt: null });
    const revoked = transition({ ...founder, subscriptionStatus: "pro_starter" }, EVENTS.founder_revoked, NOW);
    expect(revoked).toMatchObject({ patch: { isFounderMember: false, customerLimit: 10 }, effects: [{ kind: "park_excess" }] });
  });

  it("grace: a repeated failure keeps the first date; Stripe's settled time (exact) replaces it; parking waits for 7 days", () => {
    const pf = STATES.payment_failed;
    expect(transition(pf, { type: "payment_failed", at: NOW }, NOW)).toBeNull();
    expect(transition(pf, { type: "payment_failed", at: NOW, exact: true }, NOW)?.patch).toEqual({ paymentFailedAt: NOW });
    const fresh = { ...pf, paymentFailedAt: new Date(NOW.getTime() - 6 * DAY_MS) };
    expect(transition(fresh, EVENTS.grace_expired, NOW)).toBeNull();
  });

  it("a trial past its end date moves to starter (parking beyond 10, no email); one still running stays", () => {
    const ended = { ...STATES.trial, trialEndsAt: new Date(NOW.getTime() - 1000) };
    expect(describeOutcome(ended, EVENTS.trial_expired)).toBe("starter park");
  });

  it("a downgrade not yet due does nothing", () => {
    const later = { ...STATES.max, downgradeEffectiveAt: new Date(NOW.getTime() + DAY_MS) };
    expect(transition(later, EVENTS.downgrade_due, NOW)).toBeNull();
  });
});

// The fold: Stripe's events of one business in any order, with repeats, give the same target.
const at = (d: number) => new Date(Date.UTC(2026, 0, 1) + d * DAY_MS);
const ev = (id: string, subscriptionId: string, kind: StoredBillingEvent["kind"], day: number, status: string | null = null, cancelAtPeriodEnd = false): StoredBillingEvent => ({
  id, subscriptionId, kind, status, cancelAtPeriodEnd, periodEnd: cancelAtPeriodEnd ? at(200) : null, createdAt: at(day),
});

describe("Stripe fold", () => {
  const stories: StoredBillingEvent[][] = [
    [ev("a", "s1", "checkout_paid", 1), ev("b", "s1", "invoice_failed", 30), ev("c", "s1", "invoice_paid", 32), ev("d", "s1", "subscription_status", 40, "active", true), ev("e", "s1", "subscription_status", 60, "canceled"), ev("f", "s2", "checkout_paid", 61), ev("g", "s2", "invoice_failed", 90)],
    [ev("a", "s1", "checkout_paid", 1), ev("b", "s1", "subscription_status", 5, "canceled"), ev("c", "s1", "subscription_status", 3, "active")],
    [ev("a", "s1", "checkout_paid", 1), ev("b", "s1", "invoice_failed", 10), ev("c", "s1", "invoice_failed", 12), ev("d", "s1", "invoice_paid", 13), ev("e", "s1", "invoice_failed", 20), ev("f", "s1", "invoice_failed", 21)],
  ];

  it("settles on Stripe's latest state", () => {
    expect(foldStripeEvents(stories[0])).toMatchObject({ subscriptionId: "s2", state: "past_due", pastDueSince: at(90) });
    expect(foldStripeEvents(stories[1])).toMatchObject({ subscriptionId: "s1", state: "ended" });
    expect(foldStripeEvents(stories[2])).toMatchObject({ state: "past_due", pastDueSince: at(20) });
    expect(foldStripeEvents([ev("x", "s9", "subscription_status", 1, "canceled")])).toBeNull(); // never paid: not the business's
    expect(foldStripeEvents([ev("x", "s9", "invoice_failed", 1)], "s9")).toMatchObject({ subscriptionId: "s9", state: "past_due" }); // paid before events were kept
  });

  it("property: any permutation with repeats folds to the same target as the story in order", () => {
    fc.assert(
      fc.property(fc.constantFrom(...stories).chain((story) => fc.tuple(fc.constant(story), fc.shuffledSubarray(story, { minLength: story.length, maxLength: story.length }), fc.array(fc.constantFrom(...story), { maxLength: 4 }))), ([story, perm, dups]) => {
        expect(foldStripeEvents([...perm, ...dups])).toEqual(foldStripeEvents(story));
      }),
      { numRuns: 500 },
    );
  });

  it("moves a business towards the target: upgrade, failure with Stripe's time, recovery, ending only its own subscription", () => {
    const max = STATES.payment_failed;
    expect(eventsTowards({ subscriptionId: "s1", state: "active", pastDueSince: null, cancel: null }, base, "cus_1")).toEqual([{ type: "upgrade_paid", stripeCustomerId: "cus_1", stripeSubscriptionId: "s1" }]);
    expect(eventsTowards({ subscriptionId: "sub_1", state: "past_due", pastDueSince: at(3), cancel: null }, max, null)).toEqual([{ type: "payment_failed", at: at(3), exact: true }]);
    expect(eventsTowards({ subscriptionId: "sub_1", state: "active", pastDueSince: null, cancel: null }, max, null)).toEqual([{ type: "payment_recovered" }]);
    expect(eventsTowards({ subscriptionId: "other", state: "ended", pastDueSince: null, cancel: null }, max, null)).toEqual([]);
    expect(eventsTowards({ subscriptionId: "sub_1", state: "ended", pastDueSince: null, cancel: null }, max, null)).toEqual([{ type: "subscription_ended" }]);
  });
});
