// UK time, one home (issue 21). The product is UK-only: "today", "this week" and "this month" are
// calendar periods on the Europe/London wall clock (GMT in winter, BST in summer). Every day, week
// and month boundary is computed here, on @date-fns/tz (TZDate) and date-fns, never by adding
// hour offsets by hand. Pure: no I/O, imports nothing from the app.

import { TZDate } from "@date-fns/tz";
import { addMonths, startOfDay, startOfMonth } from "date-fns";

export const UK_TIME_ZONE = "Europe/London";
/** 24 hours in ms: for elapsed-time rules ("30 days after"), not for calendar days. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant as a date in UK time (date-fns functions on it read and move the UK wall clock). */
const inUk = (d: Date | number) => new TZDate(typeof d === "number" ? d : d.getTime(), UK_TIME_ZONE);

/** `days` times 24 hours after d (elapsed time, not calendar days). */
export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

/** Whole days from now until `when`, a part day counting as one, never below 0 (countdowns). */
export const wholeDaysUntil = (when: Date | number, now: Date) => Math.max(0, Math.ceil(((typeof when === "number" ? when : when.getTime()) - now.getTime()) / DAY_MS));

/** The UK wall-clock reading (year, month 1-12, day, hour, minute, second) at an instant. */
export function ukWallClock(d: Date) {
  const t = inUk(d);
  return { year: t.getFullYear(), month: t.getMonth() + 1, day: t.getDate(), hour: t.getHours(), minute: t.getMinutes(), second: t.getSeconds() };
}

/** UK wall-clock time minus UTC at the instant d, in ms (0 in winter, one hour in summer). */
export function ukOffsetMs(d: Date): number {
  return -inUk(d).getTimezoneOffset() * 60_000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The UK calendar date of an instant, as "yyyy-mm-dd". (From the wall clock rather than date-fns'
 *  `format`, whose formatters and en-US locale were 7 kB of the dashboard's, hub's and till's
 *  first-load JavaScript: issue 23.) */
export function ukDate(d: Date): string {
  const t = ukWallClock(d);
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
}

/** "yyyy-mm-dd" plus n calendar days. */
export function addCalendarDays(ymd: string, n: number): string {
  const [y, m, d] = ymd.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The instant at which the UK calendar day ymd ("yyyy-mm-dd") begins. */
export function ukMidnight(ymd: string): Date {
  const [y, m, d] = ymd.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d, UK_TIME_ZONE).getTime());
}

/** The instant the UK calendar day containing `now` began. */
export function ukStartOfDay(now: Date): Date {
  return new Date(startOfDay(inUk(now)).getTime());
}

/** The instant the UK calendar month containing `now` began (00:00 on the 1st, BST-aware). */
export function ukMonthStart(now: Date): Date {
  return new Date(startOfMonth(inUk(now)).getTime());
}

/** The instant the UK calendar month after the one containing `now` begins. */
export function ukNextMonthStart(now: Date): Date {
  return new Date(addMonths(startOfMonth(inUk(now)), 1).getTime());
}

/** The UK calendar month of an instant, as "yyyy-mm". */
export function ukMonth(d: Date): string {
  const t = ukWallClock(d);
  return `${pad(t.year, 4)}-${pad(t.month)}`;
}
