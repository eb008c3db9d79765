// Spec 1 section 4: sleep status from the last visit. Used (visited) within 3 months: active;
// no visit for 3 months but under 5: asleep; 5 months or more: scheduled_deletion, and the
// customer is deleted 28 days later unless a transaction wakes them. A customer who has never
// visited counts from the day they joined. Calendar months, as the SQL job uses.

export type SleepStatus = "active" | "asleep" | "scheduled_deletion";
export const ASLEEP_AFTER_MONTHS = 3;
export const DELETION_AFTER_MONTHS = 5;
export const DELETION_GRACE_DAYS = 28;

export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The same calendar day `months` later (the last day of a shorter month), as PostgreSQL's
 *  timestamp + interval 'n months' computes it. */
export const monthsAfter = (from: Date, months: number): Date => monthsBefore(from, -months);

export function sleepStatusFor(lastVisit: Date | null, joinedAt: Date, now: Date): SleepStatus {
  const ref = lastVisit ?? joinedAt;
  if (ref > monthsBefore(now, ASLEEP_AFTER_MONTHS)) return "active";
  if (ref > monthsBefore(now, DELETION_AFTER_MONTHS)) return "asleep";
  return "scheduled_deletion";
}

/** 'awake' and 'active' both mean in use (spec 1 section 3). */
export const isAwake = (s: string) => s === "active" || s === "awake";
