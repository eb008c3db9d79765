import { ASLEEP_AFTER_MONTHS, monthsBefore } from "@/lib/rules/sleep-status";
import { addCalendarDays, ukDate, ukMidnight } from "@/lib/rules/uk-time";

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

// The UK calendar (wall clock, dates, midnights) lives in lib/rules/uk-time; re-exported here for
// the callers that read it through the dashboard window.
export { addCalendarDays, ukDate, ukMidnight, ukOffsetMs, ukWallClock } from "@/lib/rules/uk-time";

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

/** The 'active' cut-off split for the per-day rollups: customers whose last visit is after the end
 *  of the cut-off's UK day are counted from whole days (those after `day`); the rest of that day,
 *  from the cut-off (exclusive) to `dayEnd` (exclusive), is counted from the customers themselves. */
export function activeSinceSplit(now: Date): { since: Date; day: string; dayEnd: Date } {
  const since = activeSince(now);
  const day = ukDate(since);
  return { since, day, dayEnd: ukMidnight(addCalendarDays(day, 1)) };
}
