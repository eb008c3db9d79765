// Plan constants and pure plan rules (spec 2 section 1 and 9, spec 3 section 9).

import { addDays, wholeDaysUntil } from "@/lib/rules/uk-time";

export const STARTER_CUSTOMER_LIMIT = 10;
export const FOUNDER_CUSTOMER_LIMIT = 999_999;
export const MAX_PLAN_PRICE_PENCE = 2100; // includes the £2 charity donation
export const REFERRAL_TRIAL_DAYS = 28;
export const PAYMENT_FAILED_GRACE_DAYS = 7;
export const CAPACITY_WARNING_AT = 8;

/** The payment-failure grace period, one rule for the server (billing cron, status API, emails)
 *  and the screens: it ends PAYMENT_FAILED_GRACE_DAYS x 24 hours after the failure. */
export const paymentGraceEndsAt = (paymentFailedAt: Date) => addDays(paymentFailedAt, PAYMENT_FAILED_GRACE_DAYS);

/** Whole days left of the grace period (the full period when no failure date is known; 0 once over). */
export function paymentGraceDaysLeft(paymentFailedAt: string | Date | null, now: Date): number {
  if (!paymentFailedAt) return PAYMENT_FAILED_GRACE_DAYS;
  return wholeDaysUntil(paymentGraceEndsAt(new Date(paymentFailedAt)), now);
}

/** Spec 2 section 1, word for word: what the paid plan gives, and the non-profit line. */
export const MAX_PLAN_BENEFITS = ["unlimited customers", "advanced analytics", "priority support", "custom branding"] as const;
export const NON_PROFIT_NOTE = "Non-profits contact the provider for special pricing.";

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

/** Spec 1 section 5, word for word: the starter plan's limit message. */
export const STARTER_LIMIT_MESSAGE =
  "woah there cowboy, you have reached your 10 customer limit for the starter plan. please upgrade to pro or reduce existing customers to continue.";
/** Spec 2 section 8: every other plan at its limit (a trial, an admin-set limit). */
export const UPGRADE_LIMIT_MESSAGE = "Customer limit reached - Upgrade to Pro Max to add more customers";
/** A max business whose payment failed keeps the starter limit during the grace: paying, not upgrading, is the way out. */
export const PAYMENT_FAILED_LIMIT_MESSAGE = "Customer limit reached - your last payment failed. Update your payment details to add more customers.";

/** The message a business at its customer limit sees: the one that matches its real plan (issue 16). */
export function customerLimitMessage(status: string): string {
  if (status === "payment_failed") return PAYMENT_FAILED_LIMIT_MESSAGE;
  if (status === "pro_starter" || status === "cancelled" || status === "expired") return STARTER_LIMIT_MESSAGE;
  return UPGRADE_LIMIT_MESSAGE;
}
