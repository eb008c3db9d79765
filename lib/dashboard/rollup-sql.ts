import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { LISTED_CUSTOMER } from "@/lib/dashboard/sql-values";

// Reading the dashboard's per-business rollups (issue 23, migration 20261126032600_dashboard_rollups):
// each figure is its compacted row(s) plus the deltas the triggers appended since the last fold
// (GET /api/cron/dashboard-rollups, every minute). Both are read in the same statement, so a fold
// running meanwhile is seen either wholly or not at all. What each column counts is written once,
// in the migration's triggers; the reads below cost a few rows whatever the size of the business.

/** One row: the business's all-time totals (pence and points as bigint). */
export const totalsSql = (businessId: number) => Prisma.sql`
  SELECT
    COALESCE(sum(customers), 0)::bigint AS customers,
    COALESCE(sum("pointsToClaim"), 0)::bigint AS "pointsToClaim",
    COALESCE(sum("activeCards"), 0)::bigint AS "activeCards",
    COALESCE(sum("pointsEarned"), 0)::bigint AS "pointsEarned",
    COALESCE(sum("pointsRedeemed"), 0)::bigint AS "pointsRedeemed",
    COALESCE(sum("purchasePence"), 0)::bigint AS "purchasePence",
    COALESCE(sum("discountPence"), 0)::bigint AS "discountPence",
    COALESCE(sum("firstPurchasePence"), 0)::bigint AS "firstPurchasePence",
    COALESCE(sum("returningCustomers"), 0)::bigint AS "returningCustomers",
    COALESCE(sum("voucherPence"), 0)::bigint AS "voucherPence"
  FROM (
    SELECT customers, "pointsToClaim", "activeCards", "pointsEarned", "pointsRedeemed", "purchasePence", "discountPence",
      "firstPurchasePence", "returningCustomers", "voucherPence"
    FROM dashboard_totals WHERE "businessId" = ${businessId}
    UNION ALL
    SELECT customers, "pointsToClaim", "activeCards", "pointsEarned", "pointsRedeemed", "purchasePence", "discountPence",
      "firstPurchasePence", "returningCustomers", "voucherPence"
    FROM dashboard_total_deltas WHERE "businessId" = ${businessId}
  ) r`;

/** One row per UK day from `fromDay` ("yyyy-mm-dd", inclusive) onwards that has any figure. */
export const daysSql = (businessId: number, fromDay: string) => Prisma.sql`
  SELECT to_char(day, 'YYYY-MM-DD') AS day,
    sum(signups)::bigint AS signups, sum(transactions)::bigint AS transactions, sum("revenuePence")::bigint AS "revenuePence",
    sum("pointsEarned")::bigint AS "pointsEarned", sum("voucherPence")::bigint AS "voucherPence", sum("lastSeen")::bigint AS "lastSeen"
  FROM (
    SELECT day, signups, transactions, "revenuePence", "pointsEarned", "voucherPence", "lastSeen"
    FROM dashboard_days WHERE "businessId" = ${businessId} AND day >= ${fromDay}::date
    UNION ALL
    SELECT day, signups, transactions, "revenuePence", "pointsEarned", "voucherPence", "lastSeen"
    FROM dashboard_day_deltas WHERE "businessId" = ${businessId} AND day >= ${fromDay}::date
  ) r
  GROUP BY day`;

/** Listed customers with an active account whose last visit (or, never having visited, sign-up) is
 *  after `since` and before `dayEnd`: the part of the cut-off's day that whole days cannot give.
 *  Written as two ranges so that it reads the (businessId, lastVisit) and (businessId, createdAt)
 *  indexes for one day's worth of customers. */
export const activeOnCutOffDaySql = (businessId: number, since: Date, dayEnd: Date) => Prisma.sql`
  SELECT count(*) FROM customers
  WHERE "businessId" = ${businessId} AND ${LISTED_CUSTOMER} AND "accountStatus" = 'active'
    AND (("lastVisit" > ${since}::timestamp AND "lastVisit" < ${dayEnd}::timestamp)
      OR ("lastVisit" IS NULL AND "createdAt" > ${since}::timestamp AND "createdAt" < ${dayEnd}::timestamp))`;
