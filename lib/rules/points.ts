// Pure points and discount rules (spec 2 section 5.1). Money in integer pence throughout; parsing,
// formatting, bounds and the redemption rounding live in lib/rules/money.ts.

export const DEFAULT_POINTS_PER_POUND = 1;
export const DEFAULT_REDEMPTION_VALUE = 1; // pounds per 100 points
export const DEFAULT_MINIMUM_REDEMPTION = 100;

/** Points earned for a purchase: floor(amount in pounds x points per pound). Computed in integer
 *  arithmetic (pence x thousandths of a point) so 0.1 + 0.2 style float errors cannot lose a point. */
export function pointsForPurchase(amountPence: number, pointsPerPound: number): number {
  if (amountPence <= 0 || pointsPerPound <= 0) return 0;
  const rateMilli = Math.round(pointsPerPound * 1000);
  return Math.floor((amountPence * rateMilli) / 100_000);
}

export type Promo = { discountType: string; discountValue: number; maxDiscountPence: number | null; minSpendPence: number | null };

/** Discount of a promo on an amount: percentage of the amount capped by maxDiscount, or the fixed
 *  value; never more than the amount. */
export function discountFor(promo: Promo, amountPence: number): number {
  const raw = promo.discountType === "percentage" ? Math.floor((amountPence * Math.round(promo.discountValue * 100)) / 10_000) : Math.round(promo.discountValue * 100);
  const capped = promo.discountType === "percentage" && promo.maxDiscountPence !== null ? Math.min(raw, promo.maxDiscountPence) : raw;
  return Math.max(0, Math.min(capped, amountPence));
}

export function meetsMinimumSpend(promo: Promo, amountPence: number): boolean {
  return promo.minSpendPence === null || amountPence >= promo.minSpendPence;
}

// The six transaction types; the add request calls the adjustment manual_adjustment, the list and
// edit screens points_adjustment: both are accepted and stored as points_adjustment.
export const TRANSACTION_TYPES = ["purchase", "points_redemption", "bonus_points", "points_adjustment", "gift_points", "goodwill_points"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const normaliseTransactionType = (t: string): string => (t === "manual_adjustment" ? "points_adjustment" : t);

/** Spec 2 section 4.1: asleep, scheduled_deletion and snoozed customers may only have purchases. */
export function allowedTypesFor(customer: { accountStatus: string; sleepStatus: string }): readonly TransactionType[] {
  if (customer.accountStatus === "closed" || customer.accountStatus === "archived") return [];
  const sleeping = customer.accountStatus === "snoozed" || customer.accountStatus === "paused" || customer.sleepStatus === "asleep" || customer.sleepStatus === "scheduled_deletion";
  return sleeping ? ["purchase"] : TRANSACTION_TYPES;
}
