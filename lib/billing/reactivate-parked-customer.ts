import "server-only";
import { db, type Tx } from "@/lib/db";
import { conflict, notFound } from "@/lib/api/errors";
import { SYSTEM_ACTOR, type Actor } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { getUsage } from "@/lib/customers/customer-usage";

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

/** The paid reactivation completed: the customer is back, once only. */
export async function reactivateParkedCustomer(tx: Tx, businessId: number, customerId: number, now: Date, actor: Actor = SYSTEM_ACTOR) {
  const c = await tx.customer.findFirst({ where: { id: customerId, businessId } });
  if (!c || !c.parkedAt || c.hasBeenReactivated) return { changed: false }; // replay, or already handled
  await tx.customer.update({ where: { id: c.id }, data: { parkedAt: null, parkedReason: null, scheduledDeletionAt: null, hasBeenReactivated: true, updatedAt: now } });
  await logActivity(
    { businessId, actor, action: "customer_reactivated_paid", description: `Reactivated parked customer ${c.name} (paid)`, tableName: "customers", recordId: c.id, oldValues: { parkedReason: c.parkedReason }, newValues: { hasBeenReactivated: true } },
    tx,
  );
  return { changed: true };
}
