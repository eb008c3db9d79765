import "server-only";
import { db } from "@/lib/db";
import type { SuperFan } from "@/lib/dashboard/types";
import { HALL_OF_FAME_SIZE } from "@/lib/dashboard/get-money-makers";
import { toNumber } from "@/lib/dashboard/sql-values";

type Row = { id: number; name: string; activityCount: bigint };

/** Most active customers: the number of their (non-deleted) transactions of any type, highest
 *  first; ties by who joined first. Counted per customer in one pass over the transactions, then
 *  joined to the customers (one row each) to drop parked and archived ones. */
export async function getSuperFans(businessId: number): Promise<SuperFan[]> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT c.id, c.name, a.n AS "activityCount"
    FROM (
      SELECT "customerId", count(*) AS n
      FROM transactions
      WHERE "businessId" = ${businessId} AND "deletedAt" IS NULL
      GROUP BY "customerId"
    ) a
    JOIN customers c ON c.id = a."customerId"
    WHERE c."businessId" = ${businessId} AND c."parkedAt" IS NULL AND c."accountStatus" <> 'archived'
    ORDER BY a.n DESC, c.id ASC
    LIMIT ${HALL_OF_FAME_SIZE}`;
  return rows.map((r, i) => ({ id: r.id, rank: i + 1, displayName: r.name, activityCount: toNumber(r.activityCount) }));
}
