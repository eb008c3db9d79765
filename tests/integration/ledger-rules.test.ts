/** @jest-environment node */
import { POST as create } from "@/app/api/transactions/route";
import { DELETE as remove, PUT as edit } from "@/app/api/transactions/[id]/route";
import { PATCH as close } from "@/app/api/customers/[id]/close/route";
import { db } from "@/lib/db";
import type { TransactionDto } from "@/lib/transactions/transaction-dto";
import { call } from "../helpers/http";
import { addCustomer } from "../helpers/customers";
import { ledgerCheckedBusinesses } from "../helpers/ledger";

// Issue 17 (one ledger that enforces every customer rule, on every path) and issue 19 item 5
// (edits bounded like creation, no overflow 500). Each test names the defect it pins.

type Created = { transaction: TransactionDto; customer: { totalPoints: number; accountStatus: string; sleepStatus: string } };
const newBusiness = ledgerCheckedBusinesses();
async function setup() {
  const biz = await newBusiness();
  const customer = await addCustomer(biz.cookie);
  return { biz, customer };
}
const post = (cookie: string, body: Record<string, unknown>) => call<Created>(create, { method: "POST", cookie, body });
const put = (cookie: string, id: number, body: Record<string, unknown>) => call<TransactionDto & { message?: string }>(edit, { method: "PUT", cookie, params: { id: String(id) }, body });
const snapshot = async (customerId: number) => ({
  customer: await db.customer.findUniqueOrThrow({ where: { id: customerId }, select: { totalPoints: true, lifetimeSpentPence: true, accountStatus: true, sleepStatus: true, snoozedAt: true } }),
  ledger: await db.pointsLedgerEntry.count({ where: { customerId } }),
  transactions: await db.transaction.findMany({ where: { customerId }, orderBy: { id: "asc" } }),
});


describe("closed accounts never change (issue 17: edit-transaction.ts never checked the account state)", () => {
  it("editing a closed customer's past purchase (50 -> 150 points) is refused and nothing moves", async () => {
    const { biz, customer } = await setup();
    const t = (await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "50.00" })).json.transaction;
    expect((await call(close, { method: "PATCH", cookie: biz.cookie, params: { id: String(customer.id) } })).status).toBe(200);
    const before = await snapshot(customer.id);
    expect(before.customer.totalPoints).toBe(0);
    const res = await put(biz.cookie, t.id, { type: "purchase", amount: "50.00", pointsEarned: 150, pointsRedeemed: 0 });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ message: "Closed accounts are read-only: no transactions can be recorded." });
    expect(await snapshot(customer.id)).toEqual(before);
  });

  it("deleting a closed customer's transaction is refused and nothing moves", async () => {
    const { biz, customer } = await setup();
    const t = (await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "20.00" })).json.transaction;
    await call(close, { method: "PATCH", cookie: biz.cookie, params: { id: String(customer.id) } });
    const before = await snapshot(customer.id);
    const res = await call(remove, { method: "DELETE", cookie: biz.cookie, params: { id: String(t.id) }, body: { reason: "incorrectly_posted" } });
    expect(res.status).toBe(409);
    expect(await snapshot(customer.id)).toEqual(before);
  });

  it("closing forfeits the balance with one ledger row carrying kind, reason and actor", async () => {
    const { biz, customer } = await setup();
    await post(biz.cookie, { customerId: customer.id, type: "bonus_points", amount: "70" });
    await call(close, { method: "PATCH", cookie: biz.cookie, params: { id: String(customer.id) } });
    const rows = await db.pointsLedgerEntry.findMany({ where: { customerId: customer.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.kind, r.points, r.balanceAfter])).toEqual([["bonus", 70, 70], ["forfeit", -70, 0]]);
    expect(rows[1]).toMatchObject({ reason: "account closed", actorType: "owner" });
    for (const r of rows) expect(r.reason && r.actorType && r.kind).toBeTruthy();
  });
});

describe("snoozed, asleep and parked customers (issue 17: gift points reached a snoozed customer)", () => {
  it("a gift to a snoozed customer is refused: their balance is unchanged, they stay snoozed, the sender keeps the points", async () => {
    const { biz, customer } = await setup();
    const friend = await addCustomer(biz.cookie);
    await post(biz.cookie, { customerId: customer.id, type: "bonus_points", amount: "100" });
    await db.customer.update({ where: { id: friend.id }, data: { accountStatus: "snoozed", snoozedAt: new Date() } });
    const [sender, recipient] = [await snapshot(customer.id), await snapshot(friend.id)];
    const res = await post(biz.cookie, { customerId: customer.id, type: "gift_points", recipientCustomerId: friend.id, giftPoints: 40 });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ message: "The recipient's account cannot receive points" });
    expect(await snapshot(customer.id)).toEqual(sender);
    expect(await snapshot(friend.id)).toEqual(recipient);
  });

  it("an asleep customer's past transaction cannot be corrected (only a purchase moves their points, and wakes them)", async () => {
    const { biz, customer } = await setup();
    const t = (await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "10.00" })).json.transaction;
    await db.customer.update({ where: { id: customer.id }, data: { sleepStatus: "asleep" } });
    const res = await put(biz.cookie, t.id, { type: "purchase", amount: "12.00", pointsEarned: 12, pointsRedeemed: 0 });
    expect(res.status).toBe(409);
    const buy = await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "1.00" });
    expect(buy.json.customer).toMatchObject({ sleepStatus: "active", totalPoints: 11 });
  });

  it("a parked customer's balance never changes", async () => {
    const { biz, customer } = await setup();
    const t = (await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "10.00" })).json.transaction;
    await db.customer.update({ where: { id: customer.id }, data: { parkedAt: new Date(), parkedReason: "downgrade_compliance" } });
    const before = await snapshot(customer.id);
    expect((await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "5" })).status).toBe(409);
    expect((await put(biz.cookie, t.id, { type: "purchase", amount: "10.00", pointsEarned: 99, pointsRedeemed: 0 })).status).toBe(409);
    expect((await call(remove, { method: "DELETE", cookie: biz.cookie, params: { id: String(t.id) }, body: { reason: "incorrectly_posted" } })).status).toBe(409);
    expect(await snapshot(customer.id)).toEqual(before);
  });
});

describe("redemption value: the spec's 'divided by 100, two decimals' (issue 17: rounded down to the penny)", () => {
  it("3 points at £1.255 per 100 points are £0.04; a client sending £0.03 is refused, £0.04 is stored", async () => {
    const { biz, customer } = await setup();
    await db.customer.update({ where: { id: customer.id }, data: { redemptionValue: 1.255, minimumRedemption: 1 } });
    await post(biz.cookie, { customerId: customer.id, type: "bonus_points", amount: "10" });
    const low = await post(biz.cookie, { customerId: customer.id, type: "points_redemption", pointsToRedeem: 3, amount: "0.03" });
    expect(low.status).toBe(400);
    expect(low.json).toMatchObject({ message: "The redemption value should be £0.04 for 3 points" });
    const ok = await post(biz.cookie, { customerId: customer.id, type: "points_redemption", pointsToRedeem: 3, amount: "0.04" });
    expect(ok.status).toBe(201);
    expect(ok.json.transaction.amount).toBe("0.04");
    const unsent = await post(biz.cookie, { customerId: customer.id, type: "points_redemption", pointsToRedeem: 3 });
    expect(unsent.json.transaction.amount).toBe("0.04");
  });
});

describe("edits have creation's bounds on every path (issue 19 item 5: overflow into a 500)", () => {
  it("PUT {amount: '9999999.99', pointsEarned: 1000000} is a 400 with a clear message and changes nothing", async () => {
    const { biz, customer } = await setup();
    const t = (await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "5.00" })).json.transaction;
    const before = await snapshot(customer.id);
    const huge = await put(biz.cookie, t.id, { type: "purchase", amount: "9999999.99", pointsEarned: 1000000, pointsRedeemed: 0 });
    expect(huge.status).toBe(400);
    expect(huge.json).toMatchObject({ message: "Amount must be at most £100,000.00" });
    const tooManyPoints = await put(biz.cookie, t.id, { type: "purchase", amount: "5.00", pointsEarned: 1000001, pointsRedeemed: 0 });
    expect(tooManyPoints.status).toBe(400);
    expect(tooManyPoints.json).toMatchObject({ message: "Points must be at most 1,000,000" });
    for (const amount of ["100000.01", 1e9, "1e9", "-1", "0"]) {
      const res = await put(biz.cookie, t.id, { type: "purchase", amount, pointsEarned: 1, pointsRedeemed: 0 });
      expect({ amount, status: res.status }).toEqual({ amount, status: 400 });
    }
    expect(await snapshot(customer.id)).toEqual(before);
  });

  it("a total that would pass what the column holds is a 400, not a 500, on create and on edit", async () => {
    const { biz, customer } = await setup();
    await db.$executeRaw`UPDATE customers SET "lifetimeSpentPence" = 2147000000 WHERE id = ${customer.id}`; // a fixture: near the int4 limit
    const t = (await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "1.00" })).json.transaction;
    const before = await snapshot(customer.id);
    const created = await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "100000.00" });
    expect(created.status).toBe(400);
    expect(created.json).toMatchObject({ message: "This change would take the customer's points or lifetime spend above the maximum this system can hold" });
    const edited = await put(biz.cookie, t.id, { type: "purchase", amount: "100000.00", pointsEarned: 1, pointsRedeemed: 0 });
    expect(edited.status).toBe(400);
    expect(await snapshot(customer.id)).toEqual(before);
  });

  it("repeating the maximum edit leaves the totals where one edit put them", async () => {
    const { biz, customer } = await setup();
    const t = (await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "5.00" })).json.transaction;
    for (let i = 0; i < 3; i++) expect((await put(biz.cookie, t.id, { type: "purchase", amount: "100000.00", pointsEarned: 1000000, pointsRedeemed: 0 })).status).toBe(200);
    expect(await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).toMatchObject({ lifetimeSpentPence: 10_000_000, totalPoints: 1_000_000 });
  });
});

describe("the database itself refuses a negative balance (migration ledger_nonnegative)", () => {
  it("a stray write below zero fails at the constraint, whatever code tries it", async () => {
    const { customer } = await setup();
    await expect(db.$executeRaw`UPDATE customers SET "totalPoints" = -1 WHERE id = ${customer.id}`).rejects.toThrow(/customers_totalPoints_nonnegative/);
    await expect(db.$executeRaw`UPDATE customers SET "lifetimeSpentPence" = -1 WHERE id = ${customer.id}`).rejects.toThrow(/customers_lifetimeSpentPence_nonnegative/);
    expect((await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).totalPoints).toBe(0);
  });
});

describe("concurrency between the paths (found by the property test)", () => {
  it("deleting a gift while another gift between the same two customers is recorded never deadlocks into a 500", async () => {
    const { biz, customer } = await setup();
    const friend = await addCustomer(biz.cookie);
    await post(biz.cookie, { customerId: customer.id, type: "bonus_points", amount: "100000" });
    const statuses: number[] = [];
    for (let round = 0; round < 12; round++) {
      const gift = (await post(biz.cookie, { customerId: customer.id, type: "gift_points", recipientCustomerId: friend.id, giftPoints: 10 })).json.transaction;
      const results = await Promise.all([
        call(remove, { method: "DELETE", cookie: biz.cookie, params: { id: String(gift.id) }, body: { reason: "incorrectly_posted" } }),
        post(biz.cookie, { customerId: customer.id, type: "gift_points", recipientCustomerId: friend.id, giftPoints: 10 }),
        post(biz.cookie, { customerId: friend.id, type: "gift_points", recipientCustomerId: customer.id, giftPoints: 5 }),
      ]);
      statuses.push(...results.map((r) => r.status));
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });

  it("editing a transaction while purchases for the same customer go through the till's path never deadlocks into a 500", async () => {
    const { biz, customer } = await setup();
    const t = (await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "10.00" })).json.transaction;
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      const results = await Promise.all([
        put(biz.cookie, t.id, { type: "purchase", amount: `${10 + round}.00`, pointsEarned: 10 + round, pointsRedeemed: 0 }),
        post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "2.00" }),
        call(remove, { method: "DELETE", cookie: biz.cookie, params: { id: String((await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "1.00" })).json.transaction.id) }, body: { reason: "training_transaction" } }),
        post(biz.cookie, { customerId: customer.id, type: "bonus_points", amount: "3" }),
      ]);
      statuses.push(...results.map((r) => r.status));
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
