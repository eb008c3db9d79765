import "server-only";
import { archiveCustomers } from "@/lib/customers/archive-customers";
import { db } from "@/lib/db";
import { SYSTEM_ACTOR } from "@/lib/activity/actor";
import { applyPlanEvent, withPlanTransaction } from "@/lib/billing/apply-plan-event";
import { expireTrials } from "@/lib/billing/expire-trials";

// The billing rules that run on a clock (idempotent; `now` is injectable):
// 1. a downgrade whose countdown reached 0: starter, newest customers beyond 10 parked;
// 2. a payment failure 7 days old: newest customers beyond 10 parked (restored on payment);
// (1 and 2 are the plan machine's downgrade_due and grace_expired events, lib/billing/plan-machine.ts)
// 3. an expired referral trial: back to starter (the machine's trial_expired, lib/billing/expire-trials.ts,
//    which the admin's "process expired trials" also calls);
// 4. parked customers whose final deletion date passed: archived (personal data removed) the
//    same way as the customer lifecycle job archives.

export async function runBillingJob(now: Date) {
  let downgraded = 0;
  let parkedForDowngrade = 0;
  let parkedForPayment = 0;

  const due = await db.business.findMany({ where: { downgradeEffectiveAt: { lte: now } }, select: { id: true } });
  for (const { id } of due) {
    const r = await withPlanTransaction((tx, mail) => applyPlanEvent(tx, id, { type: "downgrade_due" }, { now, mail }));
    if (r.changed && r.plan === "pro_starter") downgraded++;
    parkedForDowngrade += r.parked;
  }

  // Whether the grace is over is the machine's rule (UK calendar days, paymentGraceEndsAt): every
  // business in a payment failure is offered grace_expired and the machine decides.
  const failed = await db.business.findMany({ where: { subscriptionStatus: "payment_failed", paymentFailedAt: { lte: now }, isFounderMember: false }, select: { id: true } });
  for (const { id } of failed) {
    parkedForPayment += (await withPlanTransaction((tx, mail) => applyPlanEvent(tx, id, { type: "grace_expired" }, { now, mail }))).parked;
  }

  // Trials past their end move through the plan machine (trial_expired) and their referral
  // records close: the same function as the super admin's "process expired trials".
  const trialsExpired = (await expireTrials(SYSTEM_ACTOR, now)).processed;
  const archivedParked = await archiveFinalParked(now);
  return { downgraded, parkedForDowngrade, parkedForPayment, trialsExpired, archivedParked };
}

async function archiveFinalParked(now: Date): Promise<number> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: number; businessId: number }[]>`
      SELECT id, "businessId" FROM customers
      WHERE "parkedAt" IS NOT NULL AND "scheduledDeletionAt" <= ${now} AND "accountStatus" <> 'archived'
      FOR UPDATE SKIP LOCKED`;
    return archiveCustomers(tx, rows, now, "final parking, 28 days");
  });
}
