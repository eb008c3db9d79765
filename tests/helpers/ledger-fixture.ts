import { db } from "@/lib/db";

/** Test fixtures that insert customers with a balance directly (to test a display or a figure,
 *  not the ledger) call this afterwards: one correction entry per customer makes the ledger add
 *  up to the balance the fixture wants, so the run-wide ledger invariant still holds. */
export async function reconcileLedgerForTest(customerIds: number[]): Promise<void> {
  if (customerIds.length === 0) return;
  await db.$executeRaw`
    INSERT INTO points_ledger ("businessId", "customerId", kind, points, "balanceAfter", reason, "actorType", "actorName")
    SELECT c."businessId", c.id, 'correction', c."totalPoints" - coalesce(l.s, 0), c."totalPoints", 'test fixture: opening balance', 'system', 'test'
    FROM customers c LEFT JOIN (SELECT "customerId", sum(points) AS s FROM points_ledger GROUP BY 1) l ON l."customerId" = c.id
    WHERE c.id = ANY(${customerIds}::int[]) AND c."totalPoints" <> coalesce(l.s, 0)`;
}
