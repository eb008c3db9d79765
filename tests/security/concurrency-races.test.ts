/** @jest-environment node */
import { db } from "@/lib/db";
import { createBusinessSession } from "../helpers/factories";
import { addCustomerWithCard } from "../helpers/cards";
import { expectLedgerConsistent } from "../helpers/ledger";
import { insertCustomer, voucherPayload } from "../integration/vouchers-fixtures";
import { recordTally } from "./support/tally";
import { request, setUpTwoInstances, type HttpAnswer } from "./support/instance-process";

// Issue 11 item 4: races over HTTP against two app instances sharing one database. Every request of
// a race goes out at once, alternating between the instances.

const instances = setUpTwoInstances();

/** Sends every body at once, alternating instances; counts 5xx and refused connections. */
async function race(pathname: string, cookie: string, bodies: unknown[]): Promise<HttpAnswer[]> {
  const answers = await Promise.all(bodies.map((body, i) => request(instances.url(i), pathname, { body, cookie })));
  recordTally("races");
  recordTally("serverErrors", answers.filter((r) => r.status >= 500 || r.status === 0).length);
  return answers;
}

const statuses = (answers: HttpAnswer[]) => answers.map((r) => r.status).sort();

it("redemption race: 40 redemptions of 100 points against 1,000 points: exactly 10 succeed, balance 0, ledger intact", async () => {
  const biz = await createBusinessSession();
  const { customer } = await addCustomerWithCard(biz.businessId);
  const give = await request(instances.url(0), "/api/transactions", { cookie: biz.cookie, body: { customerId: customer.id, type: "bonus_points", amount: "1000" } });
  expect(give.status).toBe(201);

  const answers = await race("/api/transactions", biz.cookie, Array.from({ length: 40 }, () => ({ customerId: customer.id, type: "points_redemption", pointsToRedeem: 100 })));
  expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
  expect(answers.filter((r) => r.status !== 201).every((r) => r.status === 400)).toBe(true);
  const after = await db.customer.findUniqueOrThrow({ where: { id: customer.id } });
  expect(after.totalPoints).toBe(0);
  expect(await db.transaction.count({ where: { customerId: customer.id, type: "points_redemption" } })).toBe(10);
  await expectLedgerConsistent([biz.businessId]);
}, 90_000);

it("gift race: 20 gifts of 10 points from a 100-point balance to two friends: exactly 10 succeed and no point is created", async () => {
  const biz = await createBusinessSession();
  const [{ customer: giver }, { customer: x }, { customer: y }] = await Promise.all([addCustomerWithCard(biz.businessId), addCustomerWithCard(biz.businessId), addCustomerWithCard(biz.businessId)]);
  expect((await request(instances.url(0), "/api/transactions", { cookie: biz.cookie, body: { customerId: giver.id, type: "bonus_points", amount: "100" } })).status).toBe(201);

  const answers = await race(
    "/api/transactions",
    biz.cookie,
    Array.from({ length: 20 }, (_, i) => ({ customerId: giver.id, type: "gift_points", recipientCustomerId: i % 3 ? x.id : y.id, giftPoints: 10 })),
  );
  expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
  const rows = await db.customer.findMany({ where: { id: { in: [giver.id, x.id, y.id] } } });
  expect(rows.reduce((sum, c) => sum + c.totalPoints, 0)).toBe(100);
  expect(rows.find((c) => c.id === giver.id)!.totalPoints).toBe(0);
  await expectLedgerConsistent([biz.businessId]);
}, 90_000);

it("voucher race: 12 vouchers for one customer in the same week at once: exactly one is created", async () => {
  const biz = await createBusinessSession();
  const customer = await insertCustomer(biz.businessId);
  const answers = await race("/api/promos", biz.cookie, Array.from({ length: 12 }, () => voucherPayload([customer.id])));
  expect(answers.filter((r) => r.status < 300)).toHaveLength(1);
  expect(statuses(answers).filter((s) => s >= 300)).toEqual(Array(11).fill(409));
  expect(await db.voucher.count({ where: { customerId: customer.id } })).toBe(1);
}, 90_000);

it("voucher race with overlapping batches: each customer still gets one voucher a week, and no batch is half created", async () => {
  const biz = await createBusinessSession();
  const customers = await Promise.all(Array.from({ length: 4 }, () => insertCustomer(biz.businessId)));
  const ids = customers.map((c) => c.id);
  // Batches [0,1], [1,2], [2,3], [3,0], [0,2], [1,3]: every pair shares someone with another.
  const batches = [[0, 1], [1, 2], [2, 3], [3, 0], [0, 2], [1, 3]].map(([i, j]) => voucherPayload([ids[i], ids[j]]));
  const answers = await race("/api/promos", biz.cookie, batches);
  const perCustomer = await db.voucher.groupBy({ by: ["customerId"], where: { customerId: { in: ids } }, _count: { _all: true } });
  expect(perCustomer.every((g) => g._count._all === 1)).toBe(true);
  // A created batch made both of its vouchers: the count is twice the successes.
  const ok = answers.filter((r) => r.status < 300).length;
  expect(ok).toBeGreaterThanOrEqual(1);
  expect(await db.voucher.count({ where: { customerId: { in: ids } } })).toBe(2 * ok);
  expect(answers.filter((r) => r.status >= 300).every((r) => r.status === 409)).toBe(true);
}, 90_000);

it("voucher redemption race: one voucher used by 10 purchases at once on two instances is redeemed once", async () => {
  const biz = await createBusinessSession();
  const { customer } = await addCustomerWithCard(biz.businessId);
  const voucher = await db.voucher.create({
    data: { businessId: biz.businessId, customerId: customer.id, batchId: "race", promoCode: "RACE5", title: "Five off", discountType: "fixed", discountValue: 5 },
  });
  const answers = await race("/api/transactions", biz.cookie, Array.from({ length: 10 }, () => ({ customerId: customer.id, type: "purchase", amount: "20.00", promoCode: "race5" })));
  expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
  expect(answers.filter((r) => r.status !== 201).every((r) => r.status === 400)).toBe(true);
  expect(await db.transaction.count({ where: { customerId: customer.id, voucherId: voucher.id } })).toBe(1);
  expect((await db.voucher.findUniqueOrThrow({ where: { id: voucher.id } })).status).toBe("redeemed");
  await expectLedgerConsistent([biz.businessId]);
}, 90_000);
