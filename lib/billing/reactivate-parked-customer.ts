import "server-only";
import { db, type Tx } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors/api-error";
import { SYSTEM_ACTOR, type Actor } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";
import { getUsage } from "@/lib/customers/customer-usage";
import { lockPlanState } from "@/lib/billing/apply-plan-event";

export const ALREADY_REACTIVATED = "This customer has already been reactivated once and cannot be reactivated again.";
export const NO_SPACE = "There is no space on your plan to reactivate this customer. Please upgrade or free up a space first.";

/** Refuses a reactivation that cannot happen: not parked, reactivated before, or no space. */
export async function assertCanReactivate(businessId: number, customerId: number, tx: Tx = db) {
  const c = await tx.customer.findFirst({ where: { id: customerId, businessId, accountStatus: { not: "archived" } } });
  if (!c || !c.parkedAt) throw notFound("Parked customer not found");
  if (c.hasBeenReactivated) throw conflict(ALREADY_REACTIVATED);
  const usage = await getUsage(businessId, tx);
  if (usage.isAtLimit) throw conflict(NO_SPACE);
  return c;
}

/** The paid reactivation completed: the customer is back, once only, and only if the plan still has
 *  a place. The business row is locked first (as adding a customer does), so two reactivations
 *  completing at the same moment cannot both take the last place. Answers noSpace when it is full:
 *  the simulated checkout refuses before taking payment; a Stripe payment is logged for a refund. */
export async function reactivateParkedCustomer(tx: Tx, businessId: number, customerId: number, now: Date, actor: Actor = SYSTEM_ACTOR, opts: { paidBy?: string } = {}) {
  await lockPlanState(tx, businessId);
  const c = await tx.customer.findFirst({ where: { id: customerId, businessId, accountStatus: { not: "archived" } } });
  if (!c || !c.parkedAt || c.hasBeenReactivated) return { changed: false, noSpace: false }; // replay, or already handled
  if ((await getUsage(businessId, tx)).isAtLimit) {
    await logActivity(
      { businessId, actor, action: "customer_reactivation_no_space", description: `Reactivation of parked customer ${c.name} paid but refused: the plan has no space (refund due)`, tableName: "customers", recordId: c.id, newValues: { paidBy: opts.paidBy ?? null } },
      tx,
    );
    return { changed: false, noSpace: true };
  }
  await tx.customer.update({ where: { id: c.id }, data: { parkedAt: null, parkedReason: null, scheduledDeletionAt: null, hasBeenReactivated: true, updatedAt: now } });
  await logActivity(
    { businessId, actor, action: "customer_reactivated_paid", description: `Reactivated parked customer ${c.name} (paid)`, tableName: "customers", recordId: c.id, oldValues: { parkedReason: c.parkedReason }, newValues: { hasBeenReactivated: true } },
    tx,
  );
  return { changed: true, noSpace: false };
}
