import "server-only";
import { rawRows } from "@/lib/db-raw";
import type { ImpactStats } from "@/lib/dashboard/types";
import { totalsSql } from "@/lib/dashboard/rollup-sql";
import { penceToPoundsNumber, toNumber } from "@/lib/dashboard/sql-values";

type Row = { customers: bigint; activeCards: bigint; purchasePence: bigint; firstPurchasePence: bigint; returningCustomers: bigint };

/**
 * The impact area: customers, cards in use, and the revenue the programme brings back.
 * revenueImpact = the value of every purchase after a customer's first one (return visits), from
 * non-deleted purchases: all purchases' value less each customer's first purchase (by createdAt,
 * id). Active cards: issued cards (created or fallback) of customers neither parked, closed nor
 * archived. Read from the business's rollup totals (lib/dashboard/rollup-sql.ts), one row, on the
 * pool without Prisma's engine (lib/db-raw.ts).
 */
export async function getImpactStats(businessId: number): Promise<ImpactStats> {
  const [row] = await rawRows<Row>(totalsSql(businessId));
  return {
    totalCustomers: toNumber(row.customers),
    activeCards: toNumber(row.activeCards),
    revenueImpact: penceToPoundsNumber(toNumber(row.purchasePence) - toNumber(row.firstPurchasePence)),
    returningCustomers: toNumber(row.returningCustomers),
  };
}
