import "server-only";
import { db, type Tx } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { customerLimitMessage, effectiveCustomerLimit } from "@/lib/rules/plans";

export { STARTER_LIMIT_MESSAGE as LIMIT_MESSAGE } from "@/lib/rules/plans";

/** Customers that take a place on the plan: not parked, not closed or archived. */
export const countsTowardLimit = { parkedAt: null, accountStatus: { notIn: ["closed", "archived"] } };

export type Usage = { isAtLimit: boolean; subscriptionStatus: string; customersUsed: number; customersLimit: number | null };

export async function getUsage(businessId: number, tx: Tx = db): Promise<Usage> {
  const [business, used] = await Promise.all([
    tx.business.findUniqueOrThrow({ where: { id: businessId }, select: { subscriptionStatus: true, customerLimit: true, isFounderMember: true } }),
    tx.customer.count({ where: { businessId, ...countsTowardLimit } }),
  ]);
  const limit = effectiveCustomerLimit(business);
  return { isAtLimit: limit !== null && used >= limit, subscriptionStatus: business.subscriptionStatus, customersUsed: used, customersLimit: limit };
}

/** Refuses a new customer when the plan is full (the server's rule, not only the disabled button). */
export async function assertCanAddCustomer(businessId: number, tx: Tx = db): Promise<void> {
  const usage = await getUsage(businessId, tx);
  if (usage.isAtLimit) {
    throw new ApiError("forbidden", customerLimitMessage(usage.subscriptionStatus), { code: "customer_limit_reached" });
  }
}
