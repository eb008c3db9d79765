import "server-only";
import { db } from "@/lib/db";
import { getSystemSettingsRow } from "@/lib/settings/get-system-settings";
import { ukMonthStart } from "@/lib/rules/uk-time";

export { ukMonthStart };

export type AdminStats = { totalBusinesses: number; activeSubscriptions: number; trialAccounts: number; totalRevenue: string; signupsThisMonth: number };

const MAX_STATUSES = ["active", "pro_max"];

/** Platform headline numbers (deleted businesses excluded). totalRevenue is the monthly recurring
 *  revenue in pounds: each active max subscription at its own price, else the default price;
 *  founder members without a price of their own pay nothing. */
export async function getAdminStats(now = new Date()): Promise<AdminStats> {
  const live = { accountStatus: { not: "deleted" } };
  const monthStart = ukMonthStart(now);
  const [settings, totalBusinesses, trialAccounts, signupsThisMonth, paying] = await Promise.all([
    getSystemSettingsRow(),
    db.business.count({ where: live }),
    db.business.count({ where: { ...live, subscriptionStatus: "trial" } }),
    db.business.count({ where: { ...live, createdAt: { gte: monthStart, lte: now } } }),
    db.business.findMany({
      where: { accountStatus: "active", subscriptionStatus: { in: MAX_STATUSES } },
      select: { subscriptionPricePence: true, isFounderMember: true },
    }),
  ]);
  const revenuePence = paying.reduce((sum, b) => sum + (b.subscriptionPricePence ?? (b.isFounderMember ? 0 : settings.defaultSubscriptionPricePence)), 0);
  return { totalBusinesses, activeSubscriptions: paying.length, trialAccounts, totalRevenue: (revenuePence / 100).toFixed(2), signupsThisMonth };
}
