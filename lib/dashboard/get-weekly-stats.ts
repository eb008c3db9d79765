import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { lastSevenDays } from "@/lib/rules/dashboard-window";
import type { WeeklyDay, WeeklyStats } from "@/lib/dashboard/types";
import { LISTED_CUSTOMER, POINTS_TYPES, toNumber } from "@/lib/dashboard/sql-values";

type Row = { day: number; signups: bigint; transactions: bigint; revenue: bigint; pointsEarned: bigint };

/**
 * One entry per UK calendar day of the last 7 (oldest first), and their totals: sign-ups
 * (customers as in the hub), non-deleted transactions of any type, revenue (purchases, pence) and
 * points earned (gifts excluded). Rows are put in their day by width_bucket over the 8 day
 * boundaries, so days of 23 or 25 hours (clock changes) are right.
 */
export async function getWeeklyStats(businessId: number, now: Date): Promise<WeeklyStats> {
  const week = lastSevenDays(now);
  const bounds = Prisma.sql`ARRAY[${Prisma.join([...week.days.map((d) => d.start), week.end].map((d) => Prisma.sql`${d}::timestamp`))}]`;
  const rows = await db.$queryRaw<Row[]>`
    WITH t AS (
      SELECT width_bucket("createdAt", ${bounds}) AS day,
        count(*) AS transactions,
        COALESCE(sum("amountPence") FILTER (WHERE "type" = 'purchase'), 0) AS revenue,
        COALESCE(sum("pointsEarned") FILTER (WHERE ${POINTS_TYPES}), 0) AS points
      FROM transactions
      WHERE "businessId" = ${businessId} AND "deletedAt" IS NULL
        AND "createdAt" >= ${week.start}::timestamp AND "createdAt" < ${week.end}::timestamp
      GROUP BY 1
    ), c AS (
      SELECT width_bucket("createdAt", ${bounds}) AS day, count(*) AS signups
      FROM customers
      WHERE "businessId" = ${businessId} AND ${LISTED_CUSTOMER}
        AND "createdAt" >= ${week.start}::timestamp AND "createdAt" < ${week.end}::timestamp
      GROUP BY 1
    )
    SELECT d.day::int AS day,
      COALESCE(c.signups, 0)::bigint AS signups,
      COALESCE(t.transactions, 0)::bigint AS transactions,
      COALESCE(t.revenue, 0)::bigint AS revenue,
      COALESCE(t.points, 0)::bigint AS "pointsEarned"
    FROM generate_series(1, ${week.days.length}) AS d(day)
    LEFT JOIN t ON t.day = d.day
    LEFT JOIN c ON c.day = d.day
    ORDER BY d.day`;

  const byDay = new Map(rows.map((r) => [Number(r.day), r]));
  const days: WeeklyDay[] = week.days.map((d, i) => {
    const r = byDay.get(i + 1);
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
