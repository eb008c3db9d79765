import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { rawRows } from "@/lib/db-raw";
import { activeSinceSplit, lastSevenDays } from "@/lib/rules/dashboard-window";
import type { DashboardStats } from "@/lib/dashboard/types";
import { activeOnCutOffDaySql, daysSql, totalsSql } from "@/lib/dashboard/rollup-sql";
import { penceToPoundsNumber, toNumber } from "@/lib/dashboard/sql-values";

type Row = Record<
  | "weeklySignups"
  | "weeklyPointsEarned"
  | "weeklyVoucherValue"
  | "totalCustomers"
  | "activeCustomers"
  | "totalPointsEarned"
  | "transactionValuePence"
  | "pointsBurned"
  | "pointsToClaim"
  | "vouchersValue"
  | "vouchersRedeemed",
  bigint | number | null
>;

/**
 * The action-card and all-time figures, in one round trip, from the per-business rollups (kept by
 * triggers, lib/dashboard/rollup-sql.ts): the totals row, the UK days from the 'active' cut-off's
 * day on, and the customers of the cut-off's own day after the cut-off. A few rows, not the
 * business's customers, transactions or vouchers; on the pool without Prisma's engine
 * (lib/db-raw.ts), whose work around a call costs more than the statement.
 * - Transactions: soft-deleted ones never count; those of parked or archived customers do (the
 *   sales and points happened). Transaction value = purchases only.
 * - Customers: parked and archived ones are left out, as in the customer hub. Active = account
 *   active and last visit (or sign-up) within 3 months, the sleep rule's 'active'.
 * - Points to claim: balances of customers whose account is not closed.
 * - Vouchers redeemed: the discounts actually given in (non-deleted) transactions.
 */
export async function getDashboardStats(businessId: number, now: Date): Promise<DashboardStats> {
  const week = lastSevenDays(now);
  const active = activeSinceSplit(now);
  const first = week.days[0].date;
  const last = week.days[week.days.length - 1].date;
  const inWeek = Prisma.sql`day BETWEEN ${first} AND ${last}`;
  const [row] = await rawRows<Row>(Prisma.sql`
    WITH t AS (${totalsSql(businessId)}), d AS (${daysSql(businessId, active.day < first ? active.day : first)})
    SELECT
      (SELECT COALESCE(sum(signups), 0) FROM d WHERE ${inWeek})::bigint AS "weeklySignups",
      (SELECT COALESCE(sum("pointsEarned"), 0) FROM d WHERE ${inWeek})::bigint AS "weeklyPointsEarned",
      (SELECT COALESCE(sum("voucherPence"), 0) FROM d WHERE ${inWeek})::bigint AS "weeklyVoucherValue",
      t.customers AS "totalCustomers",
      ((SELECT COALESCE(sum("lastSeen"), 0) FROM d WHERE day > ${active.day}) + (${activeOnCutOffDaySql(businessId, active.since, active.dayEnd)}))::bigint AS "activeCustomers",
      t."pointsEarned" AS "totalPointsEarned",
      t."purchasePence" AS "transactionValuePence",
      t."pointsRedeemed" AS "pointsBurned",
      t."pointsToClaim",
      t."voucherPence" AS "vouchersValue",
      t."discountPence" AS "vouchersRedeemed"
    FROM t`);

  return {
    weeklySignups: toNumber(row.weeklySignups),
    weeklyPointsEarned: toNumber(row.weeklyPointsEarned),
    weeklyVoucherValue: toNumber(row.weeklyVoucherValue),
    totalCustomers: toNumber(row.totalCustomers),
    activeCustomers: toNumber(row.activeCustomers),
    totalPointsEarned: toNumber(row.totalPointsEarned),
    totalTransactionValue: penceToPoundsNumber(toNumber(row.transactionValuePence)),
    pointsBurned: toNumber(row.pointsBurned),
    pointsToClaim: toNumber(row.pointsToClaim),
    vouchersValue: toNumber(row.vouchersValue),
    vouchersRedeemed: toNumber(row.vouchersRedeemed),
    weekStart: week.start.toISOString(),
    activeSince: active.since.toISOString(),
  };
}
