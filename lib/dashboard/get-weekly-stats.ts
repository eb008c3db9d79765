import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { rawRows } from "@/lib/db-raw";
import { lastSevenDays } from "@/lib/rules/dashboard-window";
import type { WeeklyDay, WeeklyStats } from "@/lib/dashboard/types";
import { daysSql } from "@/lib/dashboard/rollup-sql";
import { toNumber } from "@/lib/dashboard/sql-values";

type Row = { day: string; signups: bigint; transactions: bigint; revenue: bigint; pointsEarned: bigint };

/**
 * One entry per UK calendar day of the last 7 (oldest first), and their totals: sign-ups
 * (customers as in the hub), non-deleted transactions of any type, revenue (purchases, pence) and
 * points earned (gifts excluded). Read from the per-day rollups (lib/dashboard/rollup-sql.ts), whose
 * days are UK calendar days, so days of 23 or 25 hours (clock changes) are right. A few rows, on
 * the pool without Prisma's engine (lib/db-raw.ts).
 */
export async function getWeeklyStats(businessId: number, now: Date): Promise<WeeklyStats> {
  const week = lastSevenDays(now);
  const last = week.days[week.days.length - 1].date;
  const rows = await rawRows<Row>(Prisma.sql`
    SELECT day, signups, transactions, "revenuePence" AS revenue, "pointsEarned"
    FROM (${daysSql(businessId, week.days[0].date)}) d
    WHERE day <= ${last}`);

  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: WeeklyDay[] = week.days.map((d) => {
    const r = byDay.get(d.date);
    return {
      date: d.date,
      signups: toNumber(r?.signups),
      transactions: toNumber(r?.transactions),
      revenue: toNumber(r?.revenue),
      pointsEarned: toNumber(r?.pointsEarned),
    };
  });
  const totals = days.reduce(
    (sum, d) => ({
      signups: sum.signups + d.signups,
      transactions: sum.transactions + d.transactions,
      revenue: sum.revenue + d.revenue,
      pointsEarned: sum.pointsEarned + d.pointsEarned,
    }),
    { signups: 0, transactions: 0, revenue: 0, pointsEarned: 0 },
  );
  return { days, totals };
}
