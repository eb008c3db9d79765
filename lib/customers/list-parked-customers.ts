import "server-only";
import { db } from "@/lib/db";
import { DELETION_GRACE_DAYS } from "@/lib/rules/sleep-status";
import { DAY_MS } from "@/lib/clock";

/** Parked customers with the days left before their data is deleted (never below 0). */
export async function listParkedCustomers(businessId: number, now = new Date()) {
  const rows = await db.customer.findMany({
    where: { businessId, parkedAt: { not: null }, accountStatus: { not: "archived" } },
    select: { id: true, name: true, email: true, membershipNumber: true, parkedReason: true, parkedAt: true, scheduledDeletionAt: true, hasBeenReactivated: true },
    orderBy: { parkedAt: "desc" },
  });
  return rows.map((r) => {
    const deletion = r.scheduledDeletionAt ?? (r.parkedAt ? new Date(r.parkedAt.getTime() + DELETION_GRACE_DAYS * DAY_MS) : null);
    return {
      ...r,
      parkedAt: r.parkedAt?.toISOString() ?? null,
      scheduledDeletionAt: deletion?.toISOString() ?? null,
      daysUntilDeletion: deletion ? Math.max(0, Math.ceil((deletion.getTime() - now.getTime()) / DAY_MS)) : null,
    };
  });
}
