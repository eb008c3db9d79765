import "server-only";
import { db } from "@/lib/db";
import { percent, type ReferralActivityRow, type ReferralStats } from "@/lib/admin/monitoring/referral-rules";
import { wholeDaysUntil } from "@/lib/rules/uk-time";

export const REFERRAL_ACTIVITY_SHOWN = 100;

/** Whole days left in an active trial, rounded up (a trial ending in 2 hours has 1 day left); 0 otherwise. */
export function referralDaysRemaining(trialStatus: string, trialEndsAt: Date, now: Date): number {
  if (trialStatus !== "active") return 0;
  return wholeDaysUntil(trialEndsAt, now);
}

/** GET /api/admin/referral-stats. An active trial whose end has passed (not yet processed) is not counted as active. */
export async function getReferralStats(now: Date): Promise<ReferralStats> {
  const [totalReferrals, activeTrials, conversions] = await Promise.all([
    db.referral.count(),
    db.referral.count({ where: { trialStatus: "active", trialEndsAt: { gt: now } } }),
    db.referral.count({ where: { trialStatus: "converted" } }),
  ]);
  return { totalReferrals, activeTrials, conversions, conversionRate: percent(conversions, totalReferrals) };
}

/** GET /api/admin/referral-activity: the latest referrals, newest first. */
export async function listReferralActivity(now: Date): Promise<ReferralActivityRow[]> {
  const rows = await db.referral.findMany({
    orderBy: [{ trialStartedAt: "desc" }, { id: "desc" }],
    take: REFERRAL_ACTIVITY_SHOWN,
    include: { referred: { select: { name: true, email: true } }, referrer: { select: { id: true, name: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    businessName: r.referred.name,
    businessEmail: r.referred.email,
    referrerName: r.referrer.name,
    referrerId: r.referrer.id,
    trialStatus: r.trialStatus,
    trialDuration: r.trialDays,
    daysRemaining: referralDaysRemaining(r.trialStatus, r.trialEndsAt, now),
    createdAt: r.trialStartedAt.toISOString(),
  }));
}
