import "server-only";
import { db } from "@/lib/db";
import { activeSince, lastSevenDays } from "@/lib/rules/dashboard-window";
import type { DashboardStats } from "@/lib/dashboard/types";
import { LISTED_CUSTOMER, POINTS_TYPES, RAISED_VOUCHER, VOUCHER_VALUE_PENCE, penceToPoundsNumber, toNumber } from "@/lib/dashboard/sql-values";

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
 * The action-card and all-time figures, in one round trip: one pass over the business's customers,
 * the all-time transaction figures summed from the per-customer rollups (customer_activity, kept by
 * a trigger: one row per customer instead of every transaction), the last 7 days of transactions
 * through the (businessId, createdAt) index, and one pass over the vouchers.
 * - Transactions: soft-deleted ones never count; those of parked or archived customers do (the
 *   sales and points happened). Transaction value = purchases only.
 * - Customers: parked and archived ones are left out, as in the customer hub. Active = account
 *   active and last visit (or sign-up) within 3 months, the sleep rule's 'active'.
 * - Points to claim: balances of customers whose account is not closed.
 * - Vouchers redeemed: the discounts actually given in (non-deleted) transactions.
 */
export async function getDashboardStats(businessId: number, now: Date): Promise<DashboardStats> {
  const week = lastSevenDays(now);
  const since = activeSince(now);
  const [row] = await db.$queryRaw<Row[]>`
    WITH c AS (
      SELECT
        count(*) AS "totalCustomers",
        count(*) FILTER (WHERE "accountStatus" = 'active' AND COALESCE("lastVisit", "createdAt") > ${since}::timestamp) AS "activeCustomers",
        count(*) FILTER (WHERE "createdAt" >= ${week.start}::timestamp AND "createdAt" < ${week.end}::timestamp) AS "weeklySignups",
        COALESCE(sum("totalPoints") FILTER (WHERE "totalPoints" > 0 AND "accountStatus" <> 'closed'), 0)::bigint AS "pointsToClaim"
      FROM customers
      WHERE "businessId" = ${businessId} AND ${LISTED_CUSTOMER}
    ), t AS (
      SELECT
        COALESCE(sum("pointsEarned"), 0)::bigint AS "totalPointsEarned",
        COALESCE(sum("pointsRedeemed"), 0)::bigint AS "pointsBurned",
        COALESCE(sum("purchasePence"), 0)::bigint AS "transactionValuePence",
        COALESCE(sum("discountPence"), 0)::bigint AS "vouchersRedeemed"
      FROM customer_activity
      WHERE "businessId" = ${businessId}
    ), w AS (
      SELECT COALESCE(sum("pointsEarned") FILTER (WHERE ${POINTS_TYPES}), 0)::bigint AS "weeklyPointsEarned"
      FROM transactions
      WHERE "businessId" = ${businessId} AND "deletedAt" IS NULL
        AND "createdAt" >= ${week.start}::timestamp AND "createdAt" < ${week.end}::timestamp
    ), v AS (
      SELECT
        COALESCE(sum(${VOUCHER_VALUE_PENCE}), 0)::bigint AS "vouchersValue",
        COALESCE(sum(${VOUCHER_VALUE_PENCE}) FILTER (WHERE "createdAt" >= ${week.start}::timestamp AND "createdAt" < ${week.end}::timestamp), 0)::bigint AS "weeklyVoucherValue"
      FROM vouchers
      WHERE "businessId" = ${businessId} AND ${RAISED_VOUCHER}
    )
    SELECT * FROM c, t, w, v`;

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
    activeSince: since.toISOString(),
  };
}
