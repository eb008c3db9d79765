import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";
import { DAY_MS } from "@/lib/clock";
import { expireTrials } from "@/lib/billing/expire-trials";

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

/** The admin's "process expired trials": the same plan-machine path as the billing cron. */
export const processExpiredTrials = (actor: Actor, now = new Date()) => expireTrials(actor, now);
