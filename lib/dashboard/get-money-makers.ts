import "server-only";
import { db } from "@/lib/db";
import { formatGBP } from "@/lib/rules/format";
import type { MoneyMaker } from "@/lib/dashboard/types";
import { LISTED_CUSTOMER } from "@/lib/dashboard/sql-values";

export const HALL_OF_FAME_SIZE = 5;

/** Top spenders by lifetime spend (the customer hub's 'spent'), highest first; ties by who joined
 *  first. Customers who have spent nothing are not listed. Reads (businessId, lifetimeSpentPence);
 *  raw SQL, so a five-row read does not pay the ORM's per-query compile step. */
export async function getMoneyMakers(businessId: number): Promise<MoneyMaker[]> {
  const rows = await db.$queryRaw<{ id: number; name: string; lifetimeSpentPence: number }[]>`
    SELECT id, name, "lifetimeSpentPence" FROM customers
    WHERE "businessId" = ${businessId} AND ${LISTED_CUSTOMER} AND "lifetimeSpentPence" > 0
    ORDER BY "lifetimeSpentPence" DESC, id ASC
    LIMIT ${HALL_OF_FAME_SIZE}`;
  return rows.map((r, i) => ({
    id: r.id,
    rank: i + 1,
    displayName: r.name,
    formattedSpent: formatGBP(r.lifetimeSpentPence),
    spentPence: r.lifetimeSpentPence,
  }));
}
