import { formatCompact, formatGBP, formatPounds, lazyFormatter } from "@/lib/rules/format";

// Number formats of the dashboard (spec 1 section 9): counts and points in full up to 99,999 and
// compact (K, M) from 100,000; transaction value in pounds to 2 decimals; voucher values in whole
// pounds from pence. Money of 100,000 pounds or more is compact too ("£150K").

const COMPACT_FROM = 100_000;

/** Counts and points: 1,234 / 99,999 / 100K / 1.5M. */
export function formatCount(n: number): string {
  return formatCompact(Math.round(n));
}

/** A pounds amount (the stats endpoint's totalTransactionValue) to 2 decimals: "£1,234.50". */
export function formatPoundsTwoDecimals(pounds: number): string {
  if (Math.abs(pounds) >= COMPACT_FROM) return `£${formatCompact(pounds)}`;
  return formatGBP(Math.round(pounds * 100));
}

/** A pence amount as whole pounds (voucher values): 1250 -> "£13". */
export function formatWholePoundsFromPence(pence: number): string {
  const pounds = pence / 100;
  if (Math.abs(pounds) >= COMPACT_FROM) return `£${formatCompact(Math.round(pounds))}`;
  return formatPounds(pence);
}

const dayLabel = lazyFormatter(() => new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }));
const weekdayOnly = lazyFormatter(() => new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "UTC" }));

/** "2026-06-11" -> "Thu 11 Jun" (en-GB; the date is a calendar day, so no time zone shifts it). */
export function formatDayLabel(ymd: string): string {
  return dayLabel().format(new Date(`${ymd}T12:00:00Z`));
}

/** "2026-06-11" -> "Thu". */
export function formatWeekday(ymd: string): string {
  return weekdayOnly().format(new Date(`${ymd}T12:00:00Z`));
}
