import { FOUNDER_CUSTOMER_LIMIT, paymentGraceEndsAt, REFERRAL_TRIAL_DAYS, STARTER_CUSTOMER_LIMIT } from "@/lib/rules/plans";
import { addDays } from "@/lib/rules/uk-time";

// The plan state machine (issue 16): the one place that decides how a business's plan moves.
// Pure: (state, event, now) -> the fields to write, the effects to run and the activity row, or
// null when the event changes nothing in that state (a replay, a late event, a lower plan for a
// founder). Every path calls it through lib/billing/apply-plan-event.ts: Stripe webhooks (after
// lib/billing/fold-stripe-events.ts has settled Stripe's order), the simulated checkout and portal,
// the in-app upgrade and downgrade, the billing cron and the super admin's edits.
// The table is written out in docs/decisions.md ("Plan state machine"); tests/unit/plan-machine.test.ts
// walks every cell.

export type Plan = "starter" | "trial" | "max" | "payment_failed";
export type ComplianceReason = "downgrade_compliance" | "payment_failure_compliance";
export const COMPLIANCE_REASONS: ComplianceReason[] = ["downgrade_compliance", "payment_failure_compliance"];

export type PlanState = {
  subscriptionStatus: string;
  isFounderMember: boolean;
  customerLimit: number;
  paymentFailedAt: Date | null;
  downgradeRequestedAt: Date | null;
  downgradeEffectiveAt: Date | null;
  trialEndsAt: Date | null;
  stripeSubscriptionId: string | null;
};

export type PlanEvent =
  /** A paid upgrade: checkout paid (Stripe or simulated), Stripe reporting a live subscription, an admin grant. */
  | { type: "upgrade_paid"; stripeCustomerId?: string | null; stripeSubscriptionId?: string | null }
  /** A renewal failed. `exact` (Stripe's settled state) sets the grace start; otherwise a repeat keeps the first. */
  | { type: "payment_failed"; at: Date; exact?: boolean }
  | { type: "payment_recovered" }
  /** The subscription ended now (Stripe deleted it, simulated cancel, admin moved the business to starter). */
  | { type: "subscription_ended" }
  /** `requestedAt`: when it was asked for (Stripe's report time for a cancellation made in Stripe's portal). */
  | { type: "downgrade_scheduled"; effective: Date; requestedAt?: Date }
  | { type: "downgrade_withdrawn" }
  /** Billing cron: a scheduled downgrade whose date has come. */
  | { type: "downgrade_due" }
  /** Billing cron: the 7 days of payment-failure grace are over. */
  | { type: "grace_expired" }
  /** Billing cron: a referral trial whose end date has passed. */
  | { type: "trial_expired" }
  /** Super admin: a trial of max (starter limit, spec 3 section 9). */
  | { type: "trial_started"; endsAt: Date | null }
  | { type: "founder_granted" }
  | { type: "founder_revoked" };

export type PlanEventType = PlanEvent["type"];

export type PlanEffect =
  | { kind: "park_excess"; reason: ComplianceReason }
  | { kind: "restore_parked"; reasons: ComplianceReason[] }
  | { kind: "convert_referral" }
  | { kind: "email"; template: PlanEmailTemplate };

export type PlanEmailTemplate = "payment_failed" | "moved_to_starter";

export type PlanPatch = Partial<PlanState>;
export type Outcome = { patch: PlanPatch; effects: PlanEffect[]; activity: { action: string; description: string } | null };

export function planOf(status: string): Plan {
  if (status === "pro_max" || status === "active") return "max";
  if (status === "payment_failed") return "payment_failed";
  if (status === "trial") return "trial";
  return "starter"; // pro_starter, and the legacy cancelled / expired
}

export const graceEndsAt = paymentGraceEndsAt;

/** The plan event a super admin's choice of subscription status stands for (the admin console's
 *  business edit): a trial keeps its end while it is still ahead, else runs REFERRAL_TRIAL_DAYS. */
export function adminPlanEvent(status: string, trialEndsAt: Date | null, now: Date): PlanEvent {
  switch (planOf(status)) {
    case "max":
      return { type: "upgrade_paid" };
    case "payment_failed":
      return { type: "payment_failed", at: now };
    case "trial":
      return { type: "trial_started", endsAt: trialEndsAt && trialEndsAt > now ? trialEndsAt : addDays(now, REFERRAL_TRIAL_DAYS) };
    default:
      return { type: "subscription_ended" };
  }
}

const NO_DOWNGRADE = { downgradeRequestedAt: null, downgradeEffectiveAt: null } as const;

function toMax(s: PlanState, e: Extract<PlanEvent, { type: "upgrade_paid" }>): Outcome {
  return {
    patch: {
      subscriptionStatus: "pro_max",
      paymentFailedAt: null,
      trialEndsAt: null,
      ...NO_DOWNGRADE,
      ...(e.stripeSubscriptionId ? { stripeSubscriptionId: e.stripeSubscriptionId } : {}),
    },
    effects: [{ kind: "restore_parked", reasons: COMPLIANCE_REASONS }, { kind: "convert_referral" }],
    activity: { action: "subscription_upgraded", description: `Subscription upgraded to max (from ${planOf(s.subscriptionStatus).replace("_", " ")})` },
  };
}

function toStarter(action: string, description: string): Outcome {
  return {
    patch: { subscriptionStatus: "pro_starter", customerLimit: STARTER_CUSTOMER_LIMIT, paymentFailedAt: null, trialEndsAt: null, stripeSubscriptionId: null, ...NO_DOWNGRADE },
    effects: [{ kind: "park_excess", reason: "downgrade_compliance" }, { kind: "email", template: "moved_to_starter" }],
    activity: { action, description },
  };
}

const toTrial = (e: Extract<PlanEvent, { type: "trial_started" }>): Outcome => ({
  patch: { subscriptionStatus: "trial", customerLimit: STARTER_CUSTOMER_LIMIT, trialEndsAt: e.endsAt, paymentFailedAt: null, stripeSubscriptionId: null, ...NO_DOWNGRADE },
  effects: [{ kind: "park_excess", reason: "downgrade_compliance" }],
  activity: { action: "trial_started", description: "Plan set to a trial of max (limit 10 customers)" },
});

const ended = (): Outcome => toStarter("subscription_ended", "Subscription ended: now on the starter plan");
const due = (s: PlanState, now: Date): Outcome | null =>
  s.downgradeEffectiveAt && s.downgradeEffectiveAt <= now ? toStarter("subscription_downgraded", "Downgrade took effect: now on the starter plan") : null;

function schedule(s: PlanState, e: Extract<PlanEvent, { type: "downgrade_scheduled" }>, now: Date): Outcome | null {
  if (s.downgradeEffectiveAt?.getTime() === e.effective.getTime()) return null;
  return {
    patch: { downgradeRequestedAt: e.requestedAt ?? now, downgradeEffectiveAt: e.effective },
    effects: [],
    activity: { action: "downgrade_requested", description: `Downgrade to starter scheduled for ${e.effective.toISOString().slice(0, 10)}` },
  };
}

const withdraw = (s: PlanState): Outcome | null =>
  s.downgradeEffectiveAt ? { patch: { ...NO_DOWNGRADE }, effects: [], activity: { action: "downgrade_cancelled", description: "Scheduled downgrade cancelled: max continues" } } : null;

function failed(e: Extract<PlanEvent, { type: "payment_failed" }>): Outcome {
  return {
    patch: { subscriptionStatus: "payment_failed", paymentFailedAt: e.at },
    effects: [{ kind: "email", template: "payment_failed" }],
    activity: { action: "payment_failed", description: "Subscription payment failed: 7-day grace period started" },
  };
}

/** On max already: a replayed or second checkout only records the Stripe ids; a pending downgrade is withdrawn. */
function upgradeOnMax(s: PlanState, e: Extract<PlanEvent, { type: "upgrade_paid" }>): Outcome | null {
  const ids = e.stripeSubscriptionId && e.stripeSubscriptionId !== s.stripeSubscriptionId ? { stripeSubscriptionId: e.stripeSubscriptionId } : {};
  const w = withdraw(s);
  if (w) return { ...w, patch: { ...w.patch, ...ids } };
  return Object.keys(ids).length ? { patch: ids, effects: [], activity: null } : null;
}

function founderRevoked(s: PlanState): Outcome | null {
  if (!s.isFounderMember) return null;
  const capped = planOf(s.subscriptionStatus) === "starter" || planOf(s.subscriptionStatus) === "trial";
  return {
    patch: { isFounderMember: false, ...(capped ? { customerLimit: STARTER_CUSTOMER_LIMIT } : {}) },
    effects: capped ? [{ kind: "park_excess", reason: "downgrade_compliance" }] : [],
    activity: { action: "founder_revoked", description: "Founder membership removed" },
  };
}

function founderGranted(s: PlanState): Outcome | null {
  if (s.isFounderMember && planOf(s.subscriptionStatus) === "max" && s.customerLimit === FOUNDER_CUSTOMER_LIMIT) return null;
  return {
    patch: { isFounderMember: true, subscriptionStatus: "pro_max", customerLimit: FOUNDER_CUSTOMER_LIMIT, paymentFailedAt: null, ...NO_DOWNGRADE },
    effects: [{ kind: "restore_parked", reasons: COMPLIANCE_REASONS }],
    activity: { action: "founder_granted", description: "Founder membership granted: max for free, limit 999999" },
  };
}

type Rule<T extends PlanEventType> = (s: PlanState, e: Extract<PlanEvent, { type: T }>, now: Date) => Outcome | null;
type Row = { [T in PlanEventType]?: Rule<T> };

const common: Row = {
  founder_granted: (s) => founderGranted(s),
  founder_revoked: (s) => founderRevoked(s),
};

/** state x event -> outcome. A missing cell means "no change". */
export const PLAN_TABLE: Record<Plan, Row> = {
  starter: {
    ...common,
    upgrade_paid: (s, e) => toMax(s, e),
    trial_started: (s, e) => toTrial(e),
    // Normalises a starter still carrying a higher limit, a pending downgrade or a subscription id.
    subscription_ended: (s) => (s.customerLimit !== STARTER_CUSTOMER_LIMIT || s.downgradeEffectiveAt || s.stripeSubscriptionId ? ended() : null),
    downgrade_due: (s, e, now) => due(s, now),
  },
  trial: {
    ...common,
    upgrade_paid: (s, e) => toMax(s, e),
    subscription_ended: () => ended(),
    trial_started: (s, e) => (s.trialEndsAt?.getTime() === e.endsAt?.getTime() ? null : { patch: { trialEndsAt: e.endsAt }, effects: [], activity: { action: "trial_started", description: "Trial end date changed" } }),
    trial_expired: (s, e, now) =>
      s.trialEndsAt && s.trialEndsAt <= now
        ? { ...toStarter("trial_expired", "The max trial ended: the business is now on the starter plan"), effects: [{ kind: "park_excess", reason: "downgrade_compliance" }] }
        : null,
    downgrade_due: (s, e, now) => due(s, now),
  },
  max: {
    ...common,
    upgrade_paid: (s, e) => upgradeOnMax(s, e),
    payment_failed: (s, e) => failed(e),
    subscription_ended: () => ended(),
    downgrade_scheduled: (s, e, now) => schedule(s, e, now),
    downgrade_withdrawn: (s) => withdraw(s),
    downgrade_due: (s, e, now) => due(s, now),
    trial_started: (s, e) => toTrial(e),
  },
  payment_failed: {
    ...common,
    upgrade_paid: (s, e) => toMax(s, e),
    // Grace counts from the first failure: a repeat changes nothing unless Stripe's settled state says otherwise.
    payment_failed: (s, e) =>
      e.exact && s.paymentFailedAt?.getTime() !== e.at.getTime()
        ? { patch: { paymentFailedAt: e.at }, effects: [], activity: null }
        : s.paymentFailedAt
          ? null
          : { patch: { paymentFailedAt: e.at }, effects: [], activity: null },
    payment_recovered: () => ({
      patch: { subscriptionStatus: "pro_max", paymentFailedAt: null },
      effects: [{ kind: "restore_parked", reasons: ["payment_failure_compliance"] }],
      activity: { action: "payment_recovered", description: "Subscription payment received" },
    }),
    subscription_ended: () => ended(),
    downgrade_scheduled: (s, e, now) => schedule(s, e, now),
    downgrade_withdrawn: (s) => withdraw(s),
    downgrade_due: (s, e, now) => due(s, now),
    grace_expired: (s, e, now) =>
      s.paymentFailedAt && graceEndsAt(s.paymentFailedAt) <= now ? { patch: {}, effects: [{ kind: "park_excess", reason: "payment_failure_compliance" }], activity: null } : null,
    trial_started: (s, e) => toTrial(e),
  },
};

/** Events a founder member is shielded from: founders keep max for free. */
const FOUNDER_SHIELDED = new Set<PlanEventType>(["payment_failed", "subscription_ended", "grace_expired", "trial_started", "trial_expired"]);

export function transition(s: PlanState, e: PlanEvent, now: Date): Outcome | null {
  if (s.isFounderMember && FOUNDER_SHIELDED.has(e.type)) return null;
  if (s.isFounderMember && e.type === "downgrade_due") return withdraw(s); // nothing to downgrade: clear the countdown
  const rule = PLAN_TABLE[planOf(s.subscriptionStatus)][e.type] as Rule<typeof e.type> | undefined;
  return rule ? rule(s, e as never, now) : null;
}

/** The state after an outcome (the patch applied), for tests and for chaining. */
export const applyPatch = (s: PlanState, o: Outcome | null): PlanState => (o ? { ...s, ...o.patch } : s);
