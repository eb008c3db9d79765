import "server-only";
import { db } from "@/lib/db";
import { wholeDaysUntil } from "@/lib/rules/uk-time";

/** Parked customers with the days left before their data is deleted (never below 0; null when not scheduled). */
export async function listParkedCustomers(businessId: number, now = new Date()) {
  const rows = await db.customer.findMany({
    where: { businessId, parkedAt: { not: null }, accountStatus: { not: "archived" } },
    select: { id: true, name: true, email: true, membershipNumber: true, parkedReason: true, parkedAt: true, scheduledDeletionAt: true, hasBeenReactivated: true },
    orderBy: { parkedAt: "desc" },
  });
  return rows.map((r) => {
    // Only a final parking (after the one allowed reactivation) has a deletion date; the others
    // wait for an upgrade or a payment and are never deleted, so they show no countdown.
    const deletion = r.scheduledDeletionAt;
    return {
      ...r,
      parkedAt: r.parkedAt?.toISOString() ?? null,
      scheduledDeletionAt: deletion?.toISOString() ?? null,
      daysUntilDeletion: deletion ? wholeDaysUntil(deletion, now) : null,
    };
  });
}
