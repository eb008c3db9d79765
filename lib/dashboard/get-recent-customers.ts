import "server-only";
import { db } from "@/lib/db";
import type { RecentCustomer } from "@/lib/dashboard/types";

export const RECENT_CUSTOMERS_LIMIT = 5;

/** The newest customers of the hub (not parked or archived); reads the (businessId, createdAt) index. */
export async function getRecentCustomers(businessId: number): Promise<RecentCustomer[]> {
  const rows = await db.customer.findMany({
    where: { businessId, parkedAt: null, accountStatus: { not: "archived" } },
    select: { id: true, name: true, email: true, createdAt: true, membershipNumber: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: RECENT_CUSTOMERS_LIMIT,
  });
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
