// Spec 2 sections 4.2, 5.7 and 5.8: the pure voucher rules, shared by the server and the screens.
// No server-only import and no database: everything here is a function of its arguments.

import { ukWallClock } from "@/lib/rules/dashboard-window";
import { lazyFormatter } from "@/lib/rules/format";

export const VOUCHER_STATUSES = ["active", "redeemed", "expired", "cancelled", "deleted"] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];
export type DiscountType = "percentage" | "fixed";

const UK_TIME_ZONE = "Europe/London";
export const VOUCHER_WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** The most customers one voucher call names (a send now; the 'easy tiger' check, issue 23). */
export const MAX_CUSTOMERS_PER_VOUCHER = 5000;
/** Spec 3 section 9: SMS marketing at most 2 per month (per customer, calendar month in UK time). */
export const SMS_MARKETING_MONTHLY_LIMIT = 2;
/** The outbox purposes that count towards that limit: voucher texts and automation texts (issue 25). */
export const MARKETING_SMS_PURPOSES = ["voucher", "automation"];
/** Spec 2 section 9: the expiry picker offers the current year plus 10 years. */
export const EXPIRY_YEARS_AHEAD = 10;

// ---------------------------------------------------------------- status

/** The status to show and to act on: an active voucher past its expiry is expired even before the
 *  nightly job has written it. Unknown values read as they are. */
export function effectiveVoucherStatus(v: { status: string; expiresAt: Date | string | null }, now: Date = new Date()): string {
  if (v.status !== "active") return v.status;
  if (v.expiresAt === null) return "active";
  const at = typeof v.expiresAt === "string" ? Date.parse(v.expiresAt) : v.expiresAt.getTime();
  return !Number.isNaN(at) && at <= now.getTime() ? "expired" : "active";
}

/** Spec 4.2: only active vouchers may be edited or cancelled. */
export const canChangeVoucher = (effectiveStatus: string) => effectiveStatus === "active";
export const cannotEditMessage = (status: string) => `Cannot edit - voucher is ${status}`;
export const cannotCancelMessage = (status: string) => `Cannot cancel - voucher is ${status}`;
export const cannotSendMessage = (status: string) => `Cannot send - voucher is ${status}`;

export type BadgeTone = "success" | "secondary" | "warning" | "destructive" | "outline";
export function voucherStatusTone(status: string): BadgeTone {
  if (status === "active") return "success";
  if (status === "redeemed") return "secondary";
  if (status === "expired") return "warning";
  if (status === "cancelled" || status === "deleted") return "destructive";
  return "outline";
}

// ---------------------------------------------------------------- codes and amounts

export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]+$/;
export const PROMO_CODE_MAX = 30;

/** What the code field keeps of what is typed: upper case, letters, digits, - and _ only. */
export function normalisePromoCodeInput(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9_-]/g, "").slice(0, PROMO_CODE_MAX);
}

/** Spec 5.8: discount and minimum spend accept only digits with one optional decimal point. */
export function decimalInput(value: string): string {
  const cleaned = value.replace(/[^\d.]/g, "");
  const dot = cleaned.indexOf(".");
  return dot === -1 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, "");
}

/** "20% off" or "£2.50 off". */
export function formatVoucherDiscount(type: string, value: number): string {
  if (type === "percentage") return `${Number.isInteger(value) ? value : value.toFixed(2)}% off`;
  return `£${value.toFixed(2)} off`;
}

/** Pounds as typed or sent ("4", "4.5", 4.5) to whole pence; null when not a valid amount. */
export function poundsToPence(value: string | number): number | null {
  const s = typeof value === "number" ? String(value) : value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ""] = s.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

// ---------------------------------------------------------------- expiry (UK calendar days)

const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-11-22": a real calendar date in the yyyy-mm-dd form. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The UK calendar day (yyyy-mm-dd) an instant falls on. */
export function ukDateOf(instant: Date): string {
  const p = ukWallClock(instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** Spec 5.8 / 9: a voucher expires at 23:59:59 UK time of its expiry day (GMT or BST as it applies). */
export function endOfUkDay(date: string): Date {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const [y, m, d] = date.split("-").map(Number);
  const asUtc = Date.UTC(y, m - 1, d, 23, 59, 59);
  // The UK offset at that moment (clocks change at 01:00 UTC, never near 23:59).
  const p = ukWallClock(new Date(asUtc));
  const shownAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return new Date(asUtc - (shownAsUtc - asUtc));
}

/** Spec 5.7 / 5.8: the chosen day must not be over (today is fine until 23:59:59). */
export function isExpiryDayPast(date: string, now: Date): boolean {
  return endOfUkDay(date).getTime() <= now.getTime();
}

/** The picker's range: today (UK) to 31 December of the current year plus 10. */
export function expiryPickerRange(now: Date): { min: string; max: string } {
  const today = ukDateOf(now);
  return { min: today, max: `${Number(today.slice(0, 4)) + EXPIRY_YEARS_AHEAD}-12-31` };
}

const expiryFormat = lazyFormatter(() => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: UK_TIME_ZONE }));

/** "Nov 22, 2026" (spec 2.6: "MMM d, yyyy", UK time) or "No expiry". */
export function formatVoucherExpiry(expiresAt: string | Date | null | undefined): string {
  if (!expiresAt) return "No expiry";
  const d = expiresAt instanceof Date ? expiresAt : new Date(expiresAt);
  if (Number.isNaN(d.getTime())) return "No expiry";
  return expiryFormat().format(d);
}

/** Start of the UK calendar month of `now`, as an instant (for the monthly SMS limit). */
export function startOfUkMonth(now: Date): Date {
  const p = ukWallClock(now);
  const firstAsUtc = Date.UTC(p.year, p.month - 1, 1, 0, 0, 0);
  const q = ukWallClock(new Date(firstAsUtc));
  // At midnight on the 1st the UK is on GMT or BST; the offset is how far the UK clock is ahead.
  const shown = Date.UTC(q.year, q.month - 1, q.day, q.hour, q.minute, q.second);
  return new Date(firstAsUtc - (shown - firstAsUtc));
}

// ---------------------------------------------------------------- who may receive a voucher

export type VoucherRecipient = {
  accountStatus: string;
  sleepStatus: string;
  marketingConsentEmail: boolean;
  marketingConsentSms: boolean;
  parkedAt?: Date | string | null;
  isParked?: boolean;
};

/** Why a customer cannot receive vouchers at all, or null when they can (spec 4.1 and 5.7):
 *  closed or archived accounts, parked customers, asleep, scheduled for deletion, snoozed. */
export function voucherBlockReason(c: VoucherRecipient): string | null {
  if (c.accountStatus === "closed" || c.accountStatus === "archived") return "closed";
  if (c.isParked || (c.parkedAt !== undefined && c.parkedAt !== null)) return "parked";
  if (c.accountStatus === "snoozed" || c.accountStatus === "paused") return "snoozed";
  if (c.sleepStatus === "asleep") return "asleep";
  if (c.sleepStatus === "scheduled_deletion") return "scheduled for deletion";
  return null;
}

export type Channels = { sendEmail: boolean; sendSms: boolean };

/** The channels chosen that this customer has not consented to (spec 5.7: per channel). */
export function missingConsents(c: Pick<VoucherRecipient, "marketingConsentEmail" | "marketingConsentSms">, ch: Channels): ("email" | "sms")[] {
  const missing: ("email" | "sms")[] = [];
  if (ch.sendEmail && !c.marketingConsentEmail) missing.push("email");
  if (ch.sendSms && !c.marketingConsentSms) missing.push("sms");
  return missing;
}

/** "2 selected customers lack consent for email" / "1 selected customer lacks consent for SMS". */
export function consentMismatchText(count: number, ch: Channels): string {
  const channel = ch.sendEmail && ch.sendSms ? "email and SMS" : ch.sendSms ? "SMS" : "email";
  return `${count} selected customer${count === 1 ? " lacks" : "s lack"} consent for ${channel}`;
}

/** "Amy Lee", "Amy Lee and Bo Chan", "Amy Lee, Bo Chan, Cy Dee and 2 more". */
export function nameList(names: string[], show = 3): string {
  if (names.length <= 1) return names[0] ?? "";
  if (names.length <= show) return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  return `${names.slice(0, show).join(", ")} and ${names.length - show} more`;
}
