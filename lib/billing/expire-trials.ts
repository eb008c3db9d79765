import "server-only";
import { db } from "@/lib/db";
import { SYSTEM_ACTOR, type Actor } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";
import { applyPlanEvent, withPlanTransaction } from "@/lib/billing/apply-plan-event";

/**
 * Trials past their end, for the billing cron and the super admin's "process expired trials":
 * each business moves through the plan machine's trial_expired (starter, limit 10, customers
 * beyond 10 parked, activity row by `actor`), then the referral records of trials that ended are
 * marked 'expired'. Idempotent: a second run finds nothing to do.
 */
export async function expireTrials(actor: Actor = SYSTEM_ACTOR, now = new Date()) {
  const due = await db.business.findMany({
    where: { subscriptionStatus: "trial", trialEndsAt: { lte: now }, isFounderMember: false },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  const businessIds: number[] = [];
  for (const { id } of due) {
    const r = await withPlanTransaction((tx, mail) => applyPlanEvent(tx, id, { type: "trial_expired" }, { actor, now, mail }));
    if (r.changed) businessIds.push(id);
  }
  const referralsExpired = await db.$transaction(async (tx) => {
    const referrals = await tx.$executeRaw`
      UPDATE referrals SET "trialStatus" = 'expired' WHERE "trialStatus" = 'active' AND "trialEndsAt" <= ${now}
        AND "referredBusinessId" IN (SELECT id FROM businesses WHERE "subscriptionStatus" <> 'trial' AND "subscriptionStatus" NOT IN ('active', 'pro_max'))`;
    if (actor.type === "admin") {
      await logActivity({ businessId: null, actor, action: "expired_trials_processed", description: `Super admin processed expired trials: ${businessIds.length} business(es) moved to the starter plan`, newValues: { processed: businessIds.length, referrals } }, tx);
    }
    return referrals;
  });
  const processed = businessIds.length;
  return { message: `Processed ${processed} expired trial${processed === 1 ? "" : "s"}`, processed, businessIds, referralsExpired };
}
