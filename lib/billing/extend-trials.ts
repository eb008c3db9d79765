import "server-only";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";
import { DAY_MS } from "@/lib/clock";

// The admin's system control for trials (spec 3 section 7, "defined but not used by visible
// controls"); processing the trials that have ended is expire-trials.ts, shared with the cron.

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
