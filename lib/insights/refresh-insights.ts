import "server-only";
import { enforceRateLimit } from "@/lib/rate-limit";
import { getInsightsSnapshot, type InsightsAnswer } from "@/lib/insights/get-insights-snapshot";

// Issue 25: the Insights page's refresh button. Computing takes seconds at 100,000 customers, so a
// business may ask at most once per REFRESH_WINDOW_SECONDS (counted in Postgres, shared by instances).
export const REFRESH_WINDOW_SECONDS = 5 * 60;

export async function refreshInsights(businessId: number, now: Date): Promise<InsightsAnswer> {
  await enforceRateLimit(`insights-refresh:${businessId}`, {
    limit: 1,
    windowSeconds: REFRESH_WINDOW_SECONDS,
    message: (wait) => `The insights can be refreshed once every 5 minutes. Please try again in ${wait}.`,
  }, now);
  return getInsightsSnapshot(businessId, now, { fresh: true });
}
