import "server-only";
import { db } from "@/lib/db";
import type { SuperFan } from "@/lib/dashboard/types";
import { HALL_OF_FAME_SIZE } from "@/lib/dashboard/get-money-makers";
import { toNumber } from "@/lib/dashboard/sql-values";

type Row = { id: number; name: string; activityCount: bigint };

/** Most active customers: the number of their (non-deleted) transactions of any type, highest
 *  first; ties by who joined first. The counts are the per-customer rollups (customer_activity),
 *  read in order from their (businessId, liveTransactions DESC, customerId) index; parked and
 *  archived customers are skipped on the way. */
export async function getSuperFans(businessId: number): Promise<SuperFan[]> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT c.id, c.name, a."liveTransactions"::bigint AS "activityCount"
    FROM customer_activity a
    JOIN customers c ON c.id = a."customerId"
    WHERE a."businessId" = ${businessId} AND a."liveTransactions" > 0 AND c."parkedAt" IS NULL AND c."accountStatus" <> 'archived'
    ORDER BY a."liveTransactions" DESC, a."customerId" ASC
    LIMIT ${HALL_OF_FAME_SIZE}`;
  return rows.map((r, i) => ({ id: r.id, rank: i + 1, displayName: r.name, activityCount: toNumber(r.activityCount) }));
}
