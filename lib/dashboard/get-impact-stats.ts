import "server-only";
import { db } from "@/lib/db";
import type { ImpactStats } from "@/lib/dashboard/types";
import { LISTED_CUSTOMER, penceToPoundsNumber, toNumber } from "@/lib/dashboard/sql-values";

type Row = { totalCustomers: bigint; activeCards: bigint; purchasePence: bigint; firstPurchasePence: bigint; returningCustomers: bigint };

/**
 * The impact area: customers, cards in use, and the revenue the programme brings back.
 * revenueImpact = the value of every purchase after a customer's first one (return visits), from
 * non-deleted purchases. One pass over the business's purchases, grouped by customer: each
 * customer's first purchase is the smallest (createdAt, id), found without a sort.
 */
export async function getImpactStats(businessId: number): Promise<ImpactStats> {
  const [row] = await db.$queryRaw<Row[]>`
    WITH per_customer AS (
      SELECT
        sum("amountPence") AS total,
        count(*) AS purchases,
        (min(ARRAY[extract(epoch FROM "createdAt"), id, "amountPence"]))[3] AS first_amount
      FROM transactions
      WHERE "businessId" = ${businessId} AND "type" = 'purchase' AND "deletedAt" IS NULL
      GROUP BY "customerId"
    )
    SELECT
      (SELECT count(*) FROM customers WHERE "businessId" = ${businessId} AND ${LISTED_CUSTOMER}) AS "totalCustomers",
      (SELECT count(*) FROM loyalty_cards lc JOIN customers c ON c.id = lc."customerId"
        WHERE lc."businessId" = ${businessId} AND lc."passkitStatus" IN ('created', 'fallback')
          AND c."parkedAt" IS NULL AND c."accountStatus" NOT IN ('closed', 'archived')) AS "activeCards",
      COALESCE((SELECT sum(total) FROM per_customer), 0)::bigint AS "purchasePence",
      COALESCE((SELECT sum(first_amount) FROM per_customer), 0)::bigint AS "firstPurchasePence",
      (SELECT count(*) FROM per_customer WHERE purchases > 1) AS "returningCustomers"`;

  return {
    totalCustomers: toNumber(row.totalCustomers),
    activeCards: toNumber(row.activeCards),
    revenueImpact: penceToPoundsNumber(toNumber(row.purchasePence) - toNumber(row.firstPurchasePence)),
    returningCustomers: toNumber(row.returningCustomers),
  };
}
