import "server-only";
import type { Tx } from "@/lib/db";
import type { ComplianceReason } from "@/lib/billing/plan-machine";

export type { ComplianceReason } from "@/lib/billing/plan-machine";

/** Brings back customers parked for compliance (not the final parkings, which carry a deletion
 *  date). Answers how many came back. Called by the plan machine's restore effect only. */
export async function restoreParkedCustomers(tx: Tx, businessId: number, reasons: ComplianceReason[], now: Date): Promise<number> {
  const { count } = await tx.customer.updateMany({
    where: { businessId, parkedAt: { not: null }, parkedReason: { in: reasons }, scheduledDeletionAt: null, accountStatus: { not: "archived" } },
    data: { parkedAt: null, parkedReason: null, updatedAt: now },
  });
  return count;
}
