/** @jest-environment node */
import fc from "fast-check";
import { POST as create } from "@/app/api/transactions/route";
import { DELETE as removeTransaction, PUT as edit } from "@/app/api/transactions/[id]/route";
import { DELETE as deleteCustomer } from "@/app/api/customers/[id]/route";
import { PATCH as snooze } from "@/app/api/customers/[id]/snooze/route";
import { PATCH as reactivate } from "@/app/api/customers/[id]/reactivate/route";
import { PATCH as close } from "@/app/api/customers/[id]/close/route";
import { runCustomerLifecycle } from "@/lib/customers/run-customer-lifecycle";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";

// Issue 17 item 5: random sequences of operations against the real database (every transaction
// type, edits, deletes, status changes, customer deletion, parking, clock moves with the lifecycle
// job, concurrent batches, bad input), checking after EVERY step:
// - each balance equals the sum of its ledger, every running balanceAfter is right, none negative;
// - closed and deleted customers never change (balance, spend, ledger);
// - an operation that was refused left nothing behind (no row, no balance, no activity, no status).
// The lifecycle job acts on every business, so this runs in the serial phase. Bounded: 12 runs of
// 10-24 steps (25-45 s on a loaded 2-core machine); LEDGER_PROPERTY_RUNS=40 searched 654 steps in 86 s.

const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 12);
const CUSTOMERS = 3;

type Ctx = { cookie: string; businessId: number; customers: number[]; transactions: number[]; now: Date };
type Op = { name: string; run: (c: Ctx) => Promise<number> }; // answers the HTTP status (or 200 for jobs)

const pick = <T,>(xs: T[], i: number): T | undefined => (xs.length ? xs[i % xs.length] : undefined);
const headers = (c: Ctx) => ({ "x-test-now": c.now.toISOString() });

async function post(c: Ctx, body: Record<string, unknown>) {
  const res = await call<{ transaction?: { id: number } }>(create, { method: "POST", cookie: c.cookie, body, headers: headers(c) });
  if (res.status === 201 && res.json.transaction) c.transactions.push(res.json.transaction.id);
  return res.status;
}
const status = (handler: typeof snooze, c: Ctx, id: number) => call(handler, { method: "PATCH", cookie: c.cookie, params: { id: String(id) }, headers: headers(c) }).then((r) => r.status);

const who = fc.nat(CUSTOMERS - 1);
const money = fc.oneof(
  fc.integer({ min: 1, max: 20_000 }).map((p) => (p / 100).toFixed(2)),
  fc.constantFrom("0", "-5", "abc", "1.234", "100000.01", "9999999.99", "100000.00", ""),
);
const pts = fc.oneof(fc.integer({ min: 1, max: 400 }), fc.integer({ min: -400, max: 0 }), fc.constantFrom(1_000_000, 1_000_001, 2 ** 31));

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.tuple(who, money).map(([i, amount]): Op => ({ name: `purchase ${i} ${amount}`, run: (c) => post(c, { customerId: c.customers[i], type: "purchase", amount }) })),
  fc.tuple(who, pts).map(([i, p]): Op => ({ name: `redeem ${i} ${p}`, run: (c) => post(c, { customerId: c.customers[i], type: "points_redemption", pointsToRedeem: p }) })),
  fc.tuple(who, pts, fc.constantFrom("bonus_points", "goodwill_points")).map(([i, p, type]): Op => ({ name: `${type} ${i} ${p}`, run: (c) => post(c, { customerId: c.customers[i], type, amount: String(p) }) })),
  fc.tuple(who, pts, fc.boolean()).map(([i, p, neg]): Op => ({ name: `adjust ${i} ${neg ? -p : p}`, run: (c) => post(c, { customerId: c.customers[i], type: "manual_adjustment", pointsAdjustment: neg ? -p : p }) })),
  fc.tuple(who, who, pts).map(([i, j, p]): Op => ({ name: `gift ${i}->${j} ${p}`, run: (c) => post(c, { customerId: c.customers[i], type: "gift_points", recipientCustomerId: c.customers[j], giftPoints: p }) })),
  fc.tuple(fc.nat(), money, fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 }), fc.constantFrom("purchase", "bonus_points", "points_adjustment", "goodwill_points")).map(
    ([k, amount, earned, redeemed, type]): Op => ({
      name: `edit #${k} ${type} ${amount} +${earned} -${redeemed}`,
      run: async (c) => {
        const id = pick(c.transactions, k);
        if (!id) return 200;
        return (await call(edit, { method: "PUT", cookie: c.cookie, params: { id: String(id) }, body: { type, amount, pointsEarned: earned, pointsRedeemed: redeemed }, headers: headers(c) })).status;
      },
    }),
  ),
  fc.nat().map((k): Op => ({
    name: `delete transaction #${k}`,
    run: async (c) => {
      const id = pick(c.transactions, k);
      if (!id) return 200;
      return (await call(removeTransaction, { method: "DELETE", cookie: c.cookie, params: { id: String(id) }, body: { reason: "incorrectly_posted" }, headers: headers(c) })).status;
    },
  })),
  fc.tuple(who, fc.constantFrom("snooze", "reactivate", "close")).map(([i, what]): Op => ({
    name: `${what} ${i}`,
    run: (c) => status(what === "snooze" ? snooze : what === "reactivate" ? reactivate : close, c, c.customers[i]),
  })),
  who.map((i): Op => ({ name: `delete customer ${i}`, run: async (c) => (await call(deleteCustomer, { method: "DELETE", cookie: c.cookie, params: { id: String(c.customers[i]) }, headers: headers(c) })).status })),
  fc.tuple(who, fc.boolean()).map(([i, park]): Op => ({
    // The billing code parks and restores (it is not the ledger's): a fixture stands in for it.
    name: `${park ? "park" : "unpark"} ${i}`,
    run: async (c) => {
      await db.customer.updateMany({ where: { id: c.customers[i], accountStatus: { not: "archived" } }, data: park ? { parkedAt: c.now, parkedReason: "downgrade_compliance" } : { parkedAt: null, parkedReason: null } });
      return 200;
    },
  })),
  fc.integer({ min: 1, max: 200 }).map((days): Op => ({
    name: `clock +${days}d`,
    run: async (c) => {
      c.now = new Date(c.now.getTime() + days * 86_400_000);
      await runCustomerLifecycle(c.now);
      return 200;
    },
  })),
  fc.constantFrom("abc", "0", "99999999999").map((id): Op => ({ name: `bad id ${id}`, run: async (c) => (await call(edit, { method: "PUT", cookie: c.cookie, params: { id }, body: { type: "purchase", amount: "1", pointsEarned: 1, pointsRedeemed: 0 } })).status })),
);

/** A step: one operation, or a few at once (concurrent requests). */
const stepArb = fc.oneof({ weight: 4, arbitrary: opArb.map((op) => [op]) }, { weight: 1, arbitrary: fc.array(opArb, { minLength: 2, maxLength: 4 }) });

/** Everything an operation could have touched, for the business. */
async function fingerprint(c: Ctx) {
  const [customers, transactions, ledger, activity] = await Promise.all([
    db.customer.findMany({ where: { businessId: c.businessId }, orderBy: { id: "asc" }, select: { id: true, totalPoints: true, lifetimeSpentPence: true, accountStatus: true, sleepStatus: true, snoozedAt: true, scheduledDeletionAt: true, parkedAt: true, email: true } }),
    db.transaction.findMany({ where: { businessId: c.businessId }, orderBy: { id: "asc" }, select: { id: true, type: true, amountPence: true, pointsEarned: true, pointsRedeemed: true, deletedAt: true, updatedAt: true } }),
    db.pointsLedgerEntry.count({ where: { businessId: c.businessId } }),
    db.activityLog.count({ where: { businessId: c.businessId } }),
  ]);
  return { customers, transactions, ledger, activity };
}

async function checkInvariants(c: Ctx, frozenBefore: Map<number, string>) {
  const customers = await db.customer.findMany({ where: { businessId: c.businessId }, select: { id: true, totalPoints: true, lifetimeSpentPence: true, accountStatus: true } });
  const rows = await db.pointsLedgerEntry.findMany({ where: { businessId: c.businessId }, orderBy: { id: "asc" }, select: { customerId: true, points: true, balanceAfter: true, kind: true, reason: true, actorType: true } });
  const frozen = new Map<number, string>();
  for (const cu of customers) {
    let running = 0;
    const own = rows.filter((r) => r.customerId === cu.id);
    for (const r of own) {
      running += r.points;
      expect(r.balanceAfter).toBe(running);
      expect(r.balanceAfter).toBeGreaterThanOrEqual(0);
      expect(r.kind && r.reason && r.actorType).toBeTruthy();
    }
    expect({ customer: cu.id, balance: cu.totalPoints }).toEqual({ customer: cu.id, balance: running });
    expect(cu.totalPoints).toBeGreaterThanOrEqual(0);
    expect(cu.lifetimeSpentPence).toBeGreaterThanOrEqual(0);
    if (cu.accountStatus === "closed" || cu.accountStatus === "archived") {
      expect(cu.totalPoints).toBe(0);
      const mark = JSON.stringify([cu.totalPoints, cu.lifetimeSpentPence, own.length]);
      const before = frozenBefore.get(cu.id);
      if (before !== undefined) expect({ customer: cu.id, frozen: mark }).toEqual({ customer: cu.id, frozen: before });
      frozen.set(cu.id, mark);
    }
  }
  return frozen;
}

jest.setTimeout(Math.max(120_000, RUNS * 10_000)); // LEDGER_PROPERTY_RUNS=100 for a longer search

describe("ledger properties over random operation sequences (issue 17 item 5)", () => {
  it("after every step: balance = ledger sum, never negative, closed/deleted untouched, refusals leave nothing behind", async () => {
    const started = Date.now();
    let steps = 0;
    const outcomes = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 10, maxLength: 24 }), async (plan) => {
        // A fresh business and customers for each run (the customer codes are rate-limited per business).
        const biz = await createBusinessSession();
        const customers: number[] = [];
        for (let i = 0; i < CUSTOMERS; i++) {
          const added = await addCustomer(biz.cookie);
          customers.push(added.id);
        }
        await db.customer.updateMany({ where: { id: { in: customers } }, data: { createdAt: new Date("2026-01-01T00:00:00Z") } });
        const c: Ctx = { cookie: biz.cookie, businessId: biz.businessId, customers, transactions: [], now: new Date("2026-01-05T10:00:00Z") };
        let frozen = await checkInvariants(c, new Map());
        for (const step of plan) {
          steps++;
          const before = step.length === 1 ? await fingerprint(c) : null;
          const statuses = await Promise.all(step.map((op) => op.run(c)));
          for (const s of statuses) {
            expect(s).toBeLessThan(500);
            outcomes[s >= 400 ? "refused" : "accepted"]++;
          }
          frozen = await checkInvariants(c, frozen);
          if (before && statuses[0] >= 400) expect({ op: step[0].name, after: await fingerprint(c) }).toEqual({ op: step[0].name, after: before });
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    console.log(`ledger properties: ${RUNS} runs, ${steps} steps (${outcomes.accepted} operations accepted, ${outcomes.refused} refused) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(outcomes.accepted).toBeGreaterThan(steps / 4); // the sequences do reach the ledger
  });
});
