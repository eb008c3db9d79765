import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { notFound } from "@/lib/api/errors";
import type { Actor } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { DAY_MS } from "@/lib/clock";
import { STARTER_CUSTOMER_LIMIT } from "@/lib/rules/plans";

// The admin's system controls for referral codes and trials (spec 3 section 7, "defined but not
// used by visible controls").

const newCode = () => randomBytes(6).toString("base64url").replace(/[-_]/g, "x").toUpperCase().slice(0, 8);

/** Gives a business a new referral code (old links stop working). Retries on the rare clash. */
export async function generateReferralCode(actor: Actor, businessId: number) {
  const business = await db.business.findFirst({ where: { id: businessId, accountStatus: { not: "deleted" } }, select: { id: true, referralCode: true } });
  if (!business) throw notFound("Business not found");
  for (let attempt = 0; ; attempt++) {
    const referralCode = newCode();
    try {
      await db.$transaction(async (tx) => {
        await tx.business.update({ where: { id: businessId }, data: { referralCode } });
        await logActivity({ businessId, actor, action: "referral_code_generated", description: `Super admin generated referral code ${referralCode}`, tableName: "businesses", recordId: businessId, oldValues: { referralCode: business.referralCode }, newValues: { referralCode } }, tx);
      });
      return { message: "Referral code generated", referralCode };
    } catch (e) {
      if ((e as { code?: string }).code !== "P2002" || attempt >= 4) throw e;
    }
  }
}

/** Adds days to every trial still running at `now` (business and referral record together). */
export async function extendTrials(actor: Actor, additionalDays: number, now = new Date()) {
  const ms = additionalDays * DAY_MS;
  return db.$transaction(async (tx) => {
    const extended = await tx.$executeRaw`
      UPDATE businesses SET "trialEndsAt" = "trialEndsAt" + make_interval(secs => ${ms / 1000}), "updatedAt" = ${now}
      WHERE "subscriptionStatus" = 'trial' AND "accountStatus" <> 'deleted' AND "trialEndsAt" > ${now}`;
    await tx.$executeRaw`
      UPDATE referrals r SET "trialEndsAt" = b."trialEndsAt", "trialDays" = r."trialDays" + ${additionalDays}
      FROM businesses b WHERE b.id = r."referredBusinessId" AND r."trialStatus" = 'active' AND b."subscriptionStatus" = 'trial' AND b."trialEndsAt" > ${now}`;
    await logActivity({ businessId: null, actor, action: "trials_extended", description: `Super admin extended ${extended} active trial(s) by ${additionalDays} day(s)`, newValues: { additionalDays, extended } }, tx);
    return { message: `Extended ${extended} trial${extended === 1 ? "" : "s"} by ${additionalDays} day${additionalDays === 1 ? "" : "s"}`, extended };
  });
}

/** Trials past their end become pro_starter (limit 10, which a trial already had) and their
 *  referral records 'expired'. Set-based and idempotent: a second run finds nothing to do. */
export async function processExpiredTrials(actor: Actor, now = new Date()) {
  return db.$transaction(async (tx) => {
    const expired = await tx.$queryRaw<{ id: number; name: string }[]>`
      UPDATE businesses SET "subscriptionStatus" = 'pro_starter', "customerLimit" = ${STARTER_CUSTOMER_LIMIT}, "updatedAt" = ${now}
      WHERE "subscriptionStatus" = 'trial' AND "trialEndsAt" IS NOT NULL AND "trialEndsAt" <= ${now} AND "isFounderMember" = false
      RETURNING id, name`;
    const referrals = await tx.$executeRaw`
      UPDATE referrals SET "trialStatus" = 'expired' WHERE "trialStatus" = 'active' AND "trialEndsAt" <= ${now}
        AND "referredBusinessId" IN (SELECT id FROM businesses WHERE "subscriptionStatus" <> 'trial' AND "subscriptionStatus" NOT IN ('active', 'pro_max'))`;
    for (const b of expired) {
      await logActivity({ businessId: b.id, actor, action: "trial_expired", description: "The max trial ended: the business is now on the starter plan", tableName: "businesses", recordId: b.id, oldValues: { subscriptionStatus: "trial" }, newValues: { subscriptionStatus: "pro_starter" } }, tx);
    }
    if (actor.type === "admin") {
      await logActivity({ businessId: null, actor, action: "expired_trials_processed", description: `Super admin processed expired trials: ${expired.length} business(es) moved to the starter plan`, newValues: { processed: expired.length, referrals } }, tx);
    }
    return { message: `Processed ${expired.length} expired trial${expired.length === 1 ? "" : "s"}`, processed: expired.length, businessIds: expired.map((b) => b.id), referralsExpired: referrals };
  });
}
