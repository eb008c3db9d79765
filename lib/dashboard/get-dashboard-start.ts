import "server-only";
import { asJson } from "@/lib/rules/as-json";
import { toApiError } from "@/lib/errors/api-error";
import { reportServerError } from "@/lib/log";
import { getBusinessSettings } from "@/lib/business/get-business-settings";
import { getUsage } from "@/lib/customers/customer-usage";
import { getDowngradeStatus, getTrialStatus } from "@/lib/billing/billing-status";
import { getDashboardStats } from "@/lib/dashboard/get-dashboard-stats";
import { getImpactStats } from "@/lib/dashboard/get-impact-stats";
import { getMoneyMakers } from "@/lib/dashboard/get-money-makers";
import { getRecentCustomers } from "@/lib/dashboard/get-recent-customers";
import { getSuperFans } from "@/lib/dashboard/get-super-fans";
import { getWeeklyStats } from "@/lib/dashboard/get-weekly-stats";
import type { Usage } from "@/lib/customers/customer-usage";
import type { DowngradeStatus, TrialStatus } from "@/components/billing/billing-queries";
import type { DashboardStart, DashboardStats, ImpactStats, MoneyMaker, PlanStart, RecentCustomer, Settled, SuperFan, WeeklyStats } from "@/lib/dashboard/types";

/** One read of the dashboard as its GET route would answer it (JSON: dates as ISO strings), or the
 *  message that route would have sent; a failure is reported like the route wrapper reports one. */
async function settle<T>(read: () => Promise<unknown>, source: string, businessId: number): Promise<Settled<T>> {
  try {
    return { data: asJson<T>(await read()) };
  } catch (error) {
    const api = toApiError(error);
    if (api.status >= 500) reportServerError(error, { source, businessId });
    return { error: api.message };
  }
}

/**
 * Everything the business dashboard shows (issue 23: read on the server with the page, so the
 * figures are in the first HTML and the browser asks for none of them): the same functions as
 * GET /api/dashboard/*, /api/subscription/usage, /api/business, /api/subscription/downgrade-status
 * and /api/business/trial-status, each settled on its own so one failure shows in its own section.
 */
export async function getDashboardStart(businessId: number, now: Date): Promise<DashboardStart> {
  const s = <T>(read: () => Promise<unknown>, source: string) => settle<T>(read, source, businessId);
  const [stats, weekly, impact, moneyMakers, superFans, recent, usage, business, downgrade, trial] = await Promise.all([
    s<DashboardStats>(() => getDashboardStats(businessId, now), "dashboard stats"),
    s<WeeklyStats>(() => getWeeklyStats(businessId, now), "dashboard weekly stats"),
    s<ImpactStats>(() => getImpactStats(businessId), "dashboard impact stats"),
    s<MoneyMaker[]>(() => getMoneyMakers(businessId), "dashboard money makers"),
    s<SuperFan[]>(() => getSuperFans(businessId), "dashboard super fans"),
    s<RecentCustomer[]>(() => getRecentCustomers(businessId), "dashboard recent customers"),
    s<Usage>(() => getUsage(businessId), "subscription usage"),
    s<{ subscriptionStatus: string; paymentFailedAt: string | null }>(() => getBusinessSettings(businessId), "business settings"),
    s<DowngradeStatus>(() => getDowngradeStatus(businessId, now), "downgrade status"),
    s<TrialStatus>(() => getTrialStatus(businessId, now), "trial status"),
  ]);
  // As before: the plan's banners show once the business and its usage are known; the countdowns
  // are left out when their own read failed.
  const plan: PlanStart | null =
    business.data && usage.data
      ? {
          subscriptionStatus: business.data.subscriptionStatus,
          paymentFailedAt: business.data.paymentFailedAt,
          customersUsed: usage.data.customersUsed,
          customersLimit: usage.data.customersLimit,
          downgrade: downgrade.data ?? null,
          trial: trial.data ?? null,
        }
      : null;
  return { stats, weekly, impact, moneyMakers, superFans, recent, usage, plan };
}
