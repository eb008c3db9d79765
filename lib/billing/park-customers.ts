import "server-only";
import { db, type Tx } from "@/lib/db";
import { SYSTEM_ACTOR, type Actor } from "@/lib/activity/actor";
import { conflict, notFound } from "@/lib/errors/api-error";
import { logActivity } from "@/lib/activity/log-activity";
import { addDays } from "@/lib/clock";
import { DELETION_GRACE_DAYS } from "@/lib/rules/sleep-status";
import { STARTER_CUSTOMER_LIMIT } from "@/lib/rules/plans";
import { countsTowardLimit } from "@/lib/customers/customer-usage";
import type { ComplianceReason } from "@/lib/billing/plan-machine";

// Parking (spec 1 section 4 'Parked customer', spec 2 section 4.6). A parked customer keeps their
// data, is hidden from lists and transactions and is not told. A customer who was already
// reactivated once is parked for good: their deletion is scheduled 28 days later.

function parkData(hasBeenReactivated: boolean, reason: ComplianceReason, now: Date) {
  return { parkedAt: now, parkedReason: reason, scheduledDeletionAt: hasBeenReactivated ? addDays(now, DELETION_GRACE_DAYS) : null, updatedAt: now };
}

/** POST /api/customers/{id}/park: the business parks one customer. */
export async function parkCustomer(businessId: number, customerId: number, reason: ComplianceReason, actor: Actor, now: Date) {
  return db.$transaction(async (tx) => {
    const c = await tx.customer.findFirst({ where: { id: customerId, businessId, accountStatus: { not: "archived" } } });
    if (!c) throw notFound("Customer not found");
    if (c.parkedAt) throw conflict("This customer is already parked");
    const data = parkData(c.hasBeenReactivated, reason, now);
    await tx.customer.update({ where: { id: c.id }, data });
    await logActivity(
      { businessId, actor, action: "customer_parked", description: `Parked ${c.name} (${reason})${data.scheduledDeletionAt ? "; final, deletion in 28 days" : ""}`, tableName: "customers", recordId: c.id, newValues: { parkedReason: reason, final: Boolean(data.scheduledDeletionAt) } },
      tx,
    );
    return { id: c.id, parkedAt: now.toISOString(), parkedReason: reason, scheduledDeletionAt: data.scheduledDeletionAt?.toISOString() ?? null };
  });
}

/** Parks the newest customers beyond the starter limit (the oldest 10 stay). Answers how many. */
export async function parkExcessCustomers(tx: Tx, businessId: number, reason: ComplianceReason, now: Date): Promise<number> {
  const active = await tx.customer.findMany({
    where: { businessId, ...countsTowardLimit },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, hasBeenReactivated: true },
  });
  const excess = active.slice(STARTER_CUSTOMER_LIMIT);
  if (excess.length === 0) return 0;
  for (const final of [false, true]) {
    const ids = excess.filter((c) => c.hasBeenReactivated === final).map((c) => c.id);
    if (ids.length) await tx.customer.updateMany({ where: { id: { in: ids }, businessId }, data: parkData(final, reason, now) });
  }
  await logActivity(
    { businessId, actor: SYSTEM_ACTOR, action: "customers_auto_parked", description: `Automatically parked ${excess.length} customer${excess.length === 1 ? "" : "s"} beyond the starter limit (${reason})`, tableName: "customers", newValues: { count: excess.length, reason, ids: excess.map((c) => c.id) } },
    tx,
  );
  return excess.length;
}
