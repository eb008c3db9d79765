// Pure points-configuration rules (spec 2 sections 3, 4.1, 5.4-5.6, 9). No server-only import: the
// points hub and the API share them. Rates are fixed-point decimals with 3 places in the database;
// redemptionValue is pounds per 100 points everywhere (business, new-customer and customer rates).

export const FALLBACK_POINTS_PER_POUND = 1;
export const FALLBACK_REDEMPTION_VALUE = 1; // pounds per 100 points, i.e. £0.01 per point
export const FALLBACK_MINIMUM_REDEMPTION = 100;
export const MIN_MINIMUM_REDEMPTION = 1;
export const MAX_MINIMUM_REDEMPTION = 10_000;
/** Upper bounds we chose (the spec gives none): keep values sane and inside Decimal(10, 3). */
export const MAX_POINTS_PER_POUND = 1_000;
export const MAX_REDEMPTION_VALUE = 1_000;

type Num = number | string | { toString(): string } | null | undefined;

const toNumber = (v: Num): number | null => {
  if (v === null || v === undefined) return null;
  const n = typeof v === "number" ? v : Number(String(v));
  return Number.isFinite(n) ? n : null;
};

/** Spec 2 section 3: missing (or non-positive) rates fall back to 1 point per £1, £0.01 per point
 *  and a minimum redemption of 100 points. */
export function effectiveRates(r: { pointsPerPound?: Num; redemptionValue?: Num; minimumRedemption?: Num }) {
  const ppp = toNumber(r.pointsPerPound);
  const rv = toNumber(r.redemptionValue);
  const min = toNumber(r.minimumRedemption);
  return {
    pointsPerPound: ppp !== null && ppp > 0 ? ppp : FALLBACK_POINTS_PER_POUND,
    redemptionValue: rv !== null && rv > 0 ? rv : FALLBACK_REDEMPTION_VALUE,
    minimumRedemption: min !== null && min >= 1 ? Math.floor(min) : FALLBACK_MINIMUM_REDEMPTION,
  };
}

/** A rate as the API sends it: at least 2 decimals, a third only when it is set ("1.00", "0.125"). */
export function formatRate(value: Num): string {
  const n = toNumber(value) ?? 0;
  const three = n.toFixed(3);
  return three.endsWith("0") ? n.toFixed(2) : three;
}

/** A rate for the database (Decimal(10, 3)): "1.500". */
export const rateForDb = (n: number) => n.toFixed(3);

/** Pounds per 100 points -> pounds per point, for "£ per point": 1 -> 0.01. */
export const poundsPerPoint = (redemptionValuePer100: number) => redemptionValuePer100 / 100;

/** "£0.01", "£0.0125": pounds per point with 2 to 5 decimals (no float noise). */
export function formatPoundsPerPoint(redemptionValuePer100: Num): string {
  const n = toNumber(redemptionValuePer100) ?? 0;
  const perPoint = Number((n / 100).toFixed(5));
  const text = perPoint.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 5 });
  return `£${text}`;
}

/** Points, grouped en-GB: 10000 -> "10,000". */
export const formatPoints = (n: number) => n.toLocaleString("en-GB");

/** True when `value` has no more than `decimals` decimal places (tolerant of binary float noise). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

export type RateBlock = "closed" | "snoozed" | "asleep" | "scheduled_deletion";

/** Spec 2 section 4.1: closed, snoozed (also "paused"), asleep and scheduled_deletion customers
 *  get no rate changes. Returns why, or null when rates may change. */
export function rateChangeBlock(c: { accountStatus: string; sleepStatus: string }): RateBlock | null {
  if (c.accountStatus === "closed" || c.accountStatus === "archived") return "closed";
  if (c.accountStatus === "snoozed" || c.accountStatus === "paused") return "snoozed";
  if (c.sleepStatus === "asleep") return "asleep";
  if (c.sleepStatus === "scheduled_deletion") return "scheduled_deletion";
  return null;
}

/** Short reason shown beside a customer who cannot be selected in the individual rates dialog. */
export const RATE_BLOCK_LABELS: Record<RateBlock, string> = {
  closed: "account closed",
  snoozed: "account snoozed",
  asleep: "asleep",
  scheduled_deletion: "scheduled for deletion",
};

/** The server's refusal (409) for a customer whose rates may not change. */
export const RATE_BLOCK_MESSAGES: Record<RateBlock, string> = {
  closed: "Rates cannot be changed for a closed account",
  snoozed: "Rates cannot be changed while the customer's account is snoozed",
  asleep: "Rates cannot be changed while the customer's account is asleep",
  scheduled_deletion: "Rates cannot be changed for an account scheduled for deletion",
};
