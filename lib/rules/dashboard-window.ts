import { ASLEEP_AFTER_MONTHS, monthsBefore } from "@/lib/rules/sleep-status";
import { lazyFormatter } from "@/lib/utils";

// The time windows of the business dashboard, computed from an injected `now` (pure, no I/O).
//
// "The last 7 days" (spec 1 section 9) is read as UK calendar days: today and the 6 days before it,
// from 00:00 Europe/London six days ago up to the end of today. The action cards and the weekly
// chart use the same window, so the chart's totals always equal the cards' figures.
//
// "Active" customers follow the sleep rule of spec 1 section 4 (active = used within 3 months),
// not the tile's older wording of 2 months, so the tile agrees with the sleep statuses shown in
// the customer hub.

export const WEEK_DAYS = 7;

const UK_TIME_ZONE = "Europe/London";
const DAY_MS = 24 * 60 * 60 * 1000;

const ukParts = lazyFormatter(
  () =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: UK_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    }),
);

/** The UK wall-clock reading (year, month, day, hour, minute, second) at an instant. */
export function ukWallClock(d: Date) {
  const out: Record<string, number> = {};
  for (const p of ukParts().formatToParts(d)) if (p.type !== "literal") out[p.type] = Number(p.value);
  return out as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** UK wall-clock time minus UTC at the instant d, in ms (0 in winter, one hour in summer). */
export function ukOffsetMs(d: Date): number {
  const p = ukWallClock(d);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(d.getTime() / 1000) * 1000;
}

/** The UK calendar date of an instant, as "yyyy-mm-dd". */
export function ukDate(d: Date): string {
  const p = ukWallClock(d);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** "yyyy-mm-dd" plus n calendar days. */
export function addCalendarDays(ymd: string, n: number): string {
  const [y, m, d] = ymd.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The instant at which the UK calendar day ymd begins (UK clocks change at 01:00 UTC, so
 *  midnight always exists exactly once). */
export function ukMidnight(ymd: string): Date {
  const [y, m, d] = ymd.split("-").map(Number);
  const wallMidnight = Date.UTC(y, m - 1, d);
  let instant = wallMidnight - ukOffsetMs(new Date(wallMidnight));
  const offset = ukOffsetMs(new Date(instant));
  if (wallMidnight - offset !== instant) instant = wallMidnight - offset;
  return new Date(instant);
}

export type DayWindow = { date: string; start: Date; end: Date };
export type WeekWindow = { start: Date; end: Date; days: DayWindow[] };

/** Today and the 6 UK calendar days before it; `end` is the end of today. */
export function lastSevenDays(now: Date): WeekWindow {
  const today = ukDate(now);
  const days: DayWindow[] = [];
  for (let back = WEEK_DAYS - 1; back >= 0; back--) {
    const date = addCalendarDays(today, -back);
    days.push({ date, start: ukMidnight(date), end: ukMidnight(addCalendarDays(date, 1)) });
  }
  return { start: days[0].start, end: days[days.length - 1].end, days };
}

/** A customer whose last visit (or, never having visited, whose sign-up) is after this instant
 *  counts as active: the same cut-off the sleep-status job uses for 'active'. */
export function activeSince(now: Date): Date {
  return monthsBefore(now, ASLEEP_AFTER_MONTHS);
}
