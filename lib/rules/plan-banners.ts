import { formatDate } from "@/lib/rules/format";
import { CAPACITY_WARNING_AT, MAX_PLAN_PRICE_PENCE, paymentGraceDaysLeft, planLabel } from "@/lib/rules/plans";

// Pure rules of the account hub's banners and subscription card (spec 3 sections 4 and 9, spec 2
// sections 4.6 and 4.7). No server-only import: the screens use them.

export type CapacityBanner = "almost_at_limit" | "party_is_full" | "over_limit" | null;

/** 8 or more but under the limit: 'almost at limit'; at the limit: 'party is full'; above: over-limit. */
export function capacityBanner(used: number, limit: number | null): CapacityBanner {
  if (limit === null) return null;
  if (used > limit) return "over_limit";
  if (used === limit) return "party_is_full";
  if (used >= CAPACITY_WARNING_AT) return "almost_at_limit";
  return null;
}

/** Whole days left of the 7-day payment grace period: one rule, in lib/rules/plans. */
export { paymentGraceDaysLeft };

export const isMaxPlan = (status: string) => status === "pro_max" || status === "active";

export type PlanSummary = { name: string; price: string; note: string; canUpgrade: boolean; canDowngrade: boolean };

/** What the subscription card says. pro_starter is starter, trial is the max trial, pro_max and
 *  active are max at £21.00 a month including the £2 donation; founders have max free for life. */
export function planSummary(b: { subscriptionStatus: string; isFounderMember: boolean; subscriptionPrice: string | null; trialEndsAt: string | null }): PlanSummary {
  const maxPrice = `£${b.subscriptionPrice ?? (MAX_PLAN_PRICE_PENCE / 100).toFixed(2)}/month`;
  if (b.isFounderMember) return { name: "max", price: "free for life", note: "founder member: unlimited customers, free for life.", canUpgrade: false, canDowngrade: false };
  switch (b.subscriptionStatus) {
    case "pro_starter":
      return { name: "starter", price: "free", note: "up to 10 customers.", canUpgrade: true, canDowngrade: false };
    case "trial":
      return { name: "max trial", price: "free during your trial", note: b.trialEndsAt ? `your trial ends on ${formatDate(b.trialEndsAt)}.` : "enjoy max for free during your trial.", canUpgrade: true, canDowngrade: false };
    case "pro_max":
    case "active":
      return { name: "max", price: maxPrice, note: "unlimited customers. includes a £2 charity donation every month.", canUpgrade: false, canDowngrade: true };
    case "payment_failed":
      return { name: "max", price: maxPrice, note: "your last payment failed. please update your payment details.", canUpgrade: false, canDowngrade: true };
    default:
      return { name: planLabel(b.subscriptionStatus), price: "", note: "upgrade to max for unlimited customers.", canUpgrade: true, canDowngrade: false };
  }
}

/** The starter progress card shows on a plan with a limit under 8 customers (spec 2 section 4.7). */
export function shouldShowStarterProgress(used: number, limit: number | null) {
  return limit !== null && used < CAPACITY_WARNING_AT;
}
