import "server-only";
import { db } from "@/lib/db";
import { formatGBP } from "@/lib/utils";
import type { MoneyMaker } from "@/lib/dashboard/types";

export const HALL_OF_FAME_SIZE = 5;

/** Top spenders by lifetime spend (the customer hub's 'spent'), highest first; ties by who joined
 *  first. Customers who have spent nothing are not listed. Reads (businessId, lifetimeSpentPence). */
export async function getMoneyMakers(businessId: number): Promise<MoneyMaker[]> {
  const rows = await db.customer.findMany({
    where: { businessId, parkedAt: null, accountStatus: { not: "archived" }, lifetimeSpentPence: { gt: 0 } },
    select: { id: true, name: true, lifetimeSpentPence: true },
    orderBy: [{ lifetimeSpentPence: "desc" }, { id: "asc" }],
    take: HALL_OF_FAME_SIZE,
  });
  return rows.map((r, i) => ({
    id: r.id,
    rank: i + 1,
    displayName: r.name,
    formattedSpent: formatGBP(r.lifetimeSpentPence),
    spentPence: r.lifetimeSpentPence,
  }));
}
