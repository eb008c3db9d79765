import "server-only";
import { db } from "@/lib/db";
import type { RecentCustomer } from "@/lib/dashboard/types";
import { LISTED_CUSTOMER } from "@/lib/dashboard/sql-values";

export const RECENT_CUSTOMERS_LIMIT = 5;

/** The newest customers of the hub (not parked or archived); reads the (businessId, createdAt) index.
 *  Raw SQL: a five-row read should not pay the ORM's per-query compile step. */
export async function getRecentCustomers(businessId: number): Promise<RecentCustomer[]> {
  const rows = await db.$queryRaw<{ id: number; name: string; email: string; createdAt: Date; membershipNumber: string }[]>`
    SELECT id, name, email, "createdAt", "membershipNumber" FROM customers
    WHERE "businessId" = ${businessId} AND ${LISTED_CUSTOMER}
    ORDER BY "createdAt" DESC, id DESC
    LIMIT ${RECENT_CUSTOMERS_LIMIT}`;
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
}
