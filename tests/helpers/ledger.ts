import { db } from "@/lib/db";
import { createBusinessSession } from "./factories";

/** Every customer of these businesses: balance = sum of ledger points = the last row's balanceAfter. */
export async function expectLedgerConsistent(businessIds: number[]) {
  const customers = await db.customer.findMany({ where: { businessId: { in: businessIds } }, select: { id: true, totalPoints: true } });
  for (const c of customers) {
    const rows = await db.pointsLedgerEntry.findMany({ where: { customerId: c.id }, orderBy: { id: "asc" }, select: { points: true, balanceAfter: true } });
    const sum = rows.reduce((s, r) => s + r.points, 0);
    expect({ customer: c.id, balance: c.totalPoints }).toEqual({ customer: c.id, balance: sum });
    if (rows.length) expect(rows[rows.length - 1].balanceAfter).toBe(c.totalPoints);
    let running = 0;
    for (const r of rows) {
      running += r.points;
      expect(r.balanceAfter).toBe(running);
      expect(r.balanceAfter).toBeGreaterThanOrEqual(0);
    }
  }
}

/** For a test file whose businesses' ledgers are checked once its tests are done: returns a maker
 *  of business sessions that remembers each business, and registers the afterAll check. */
export function ledgerCheckedBusinesses() {
  const businessIds: number[] = [];
  afterAll(() => expectLedgerConsistent(businessIds));
  return async (overrides: Record<string, unknown> = {}) => {
    const biz = await createBusinessSession(overrides);
    businessIds.push(biz.businessId);
    return biz;
  };
}
