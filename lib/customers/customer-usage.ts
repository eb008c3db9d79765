import "server-only";
import { db, type Tx } from "@/lib/db";
import { ApiError } from "@/lib/api/errors";
import { effectiveCustomerLimit } from "@/lib/rules/plans";

export const LIMIT_MESSAGE =
  "woah there cowboy, you have reached your 10 customer limit for the starter plan. please upgrade to pro or reduce existing customers to continue.";

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
    const message =
      usage.customersLimit === 10 ? LIMIT_MESSAGE : `You have reached your ${usage.customersLimit} customer limit. Please upgrade to add more customers.`;
    throw new ApiError("forbidden", message, { code: "customer_limit_reached" });
  }
}
