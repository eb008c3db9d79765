import "server-only";
import { db } from "@/lib/db";
import type { ImpactStats } from "@/lib/dashboard/types";
import { LISTED_CUSTOMER, penceToPoundsNumber, toNumber } from "@/lib/dashboard/sql-values";

type Row = { totalCustomers: bigint; activeCards: bigint; purchasePence: bigint; firstPurchasePence: bigint; returningCustomers: bigint };

/**
 * The impact area: customers, cards in use, and the revenue the programme brings back.
 * revenueImpact = the value of every purchase after a customer's first one (return visits), from
 * non-deleted purchases. Read from the per-customer rollups (customer_activity: purchases, their
 * value, and the first one's value by (createdAt, id)), one row per customer.
 */
export async function getImpactStats(businessId: number): Promise<ImpactStats> {
  const [row] = await db.$queryRaw<Row[]>`
    WITH a AS (
      SELECT
        COALESCE(sum("purchasePence"), 0)::bigint AS "purchasePence",
        COALESCE(sum("firstPurchasePence"), 0)::bigint AS "firstPurchasePence",
        count(*) FILTER (WHERE purchases > 1) AS "returningCustomers"
      FROM customer_activity
      WHERE "businessId" = ${businessId}
    )
    SELECT
      (SELECT count(*) FROM customers WHERE "businessId" = ${businessId} AND ${LISTED_CUSTOMER}) AS "totalCustomers",
      (SELECT count(*) FROM loyalty_cards lc JOIN customers c ON c.id = lc."customerId"
        WHERE lc."businessId" = ${businessId} AND lc."passkitStatus" IN ('created', 'fallback')
          AND c."parkedAt" IS NULL AND c."accountStatus" NOT IN ('closed', 'archived')) AS "activeCards",
      a.* FROM a`;

  return {
    totalCustomers: toNumber(row.totalCustomers),
    activeCards: toNumber(row.activeCards),
    revenueImpact: penceToPoundsNumber(toNumber(row.purchasePence) - toNumber(row.firstPurchasePence)),
    returningCustomers: toNumber(row.returningCustomers),
  };
}
