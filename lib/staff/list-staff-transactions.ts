import "server-only";
import { db } from "@/lib/db";
import { getCustomerOrThrow } from "@/lib/customers/get-customer-or-throw";
import { penceToPounds } from "@/lib/customers/customer-dto";
import type { StaffTransaction } from "@/lib/staff/types";
import { STAFF_TRANSACTIONS_LIMIT } from "@/lib/validation/staff";

/** The last 5 live transactions of one of the business's customers (another business's customer
 *  is "not found"). */
export async function listStaffTransactions(businessId: number, customerId: number): Promise<StaffTransaction[]> {
  await getCustomerOrThrow(businessId, customerId);
  const rows = await db.transaction.findMany({
    where: { businessId, customerId, deletedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: STAFF_TRANSACTIONS_LIMIT,
  });
  return rows.map((t) => ({
    id: t.id,
    type: t.type,
    amount: penceToPounds(t.amountPence),
    pointsEarned: t.pointsEarned,
    pointsRedeemed: t.pointsRedeemed,
    points: t.pointsEarned - t.pointsRedeemed,
    description: t.description,
    createdAt: t.createdAt.toISOString(),
  }));
}
