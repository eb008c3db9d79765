// Plan constants and pure plan rules (spec 2 section 1 and 9, spec 3 section 9).

export const STARTER_CUSTOMER_LIMIT = 10;
export const FOUNDER_CUSTOMER_LIMIT = 999_999;
export const MAX_PLAN_PRICE_PENCE = 2100; // includes the £2 charity donation
export const REFERRAL_TRIAL_DAYS = 28;
export const PAYMENT_FAILED_GRACE_DAYS = 7;
export const CAPACITY_WARNING_AT = 8;

export type SubscriptionStatus = "pro_starter" | "trial" | "pro_max" | "active" | "payment_failed" | "cancelled" | "expired";

/** Plans whose customers are unlimited. "active" is shown as max. The trial keeps the starter
 *  limit of 10 (spec 3 section 9: "Starter/trial customer limit 10"; see docs/decisions.md). */
export function isUnlimitedPlan(status: string, isFounderMember = false): boolean {
  return isFounderMember || status === "pro_max" || status === "active";
}

/** The customer limit that applies to a business right now. */
export function effectiveCustomerLimit(b: { subscriptionStatus: string; customerLimit: number; isFounderMember: boolean }): number | null {
  if (b.isFounderMember) return FOUNDER_CUSTOMER_LIMIT;
  if (isUnlimitedPlan(b.subscriptionStatus)) return null;
  return b.customerLimit;
}

export function planLabel(status: string): string {
  if (status === "pro_max" || status === "active") return "max";
  if (status === "trial") return "max trial";
  if (status === "pro_starter") return "starter";
  return status.replace(/_/g, " ");
}
