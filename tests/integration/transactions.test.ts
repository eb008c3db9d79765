/** @jest-environment node */
import { GET as list, POST as create } from "@/app/api/transactions/route";
import { DELETE as remove, PUT as edit } from "@/app/api/transactions/[id]/route";
import { GET as byMembership } from "@/app/api/customers/by-membership/[membershipNumber]/route";
import { db } from "@/lib/db";
import type { TransactionDto } from "@/lib/transactions/transaction-dto";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { call, expectRefusal } from "../helpers/http";
import { createStaffSession, TEST_PASSWORD } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { expectLedgerConsistent, ledgerCheckedBusinesses } from "../helpers/ledger";

type Created = { transaction: TransactionDto; customer: { totalPoints: number; lifetimeSpent: string; lastVisit: string | null; accountStatus: string; sleepStatus: string }; message: string };
const newBusiness = ledgerCheckedBusinesses();

async function setup() {
  const biz = await newBusiness();
  const customer = await addCustomer(biz.cookie);
  return { biz, customer };
}
const post = (cookie: string, body: Record<string, unknown>, headers?: Record<string, string>) => call<Created>(create, { method: "POST", cookie, body, headers });
async function givePoints(cookie: string, customerId: number, points: number) {
  const res = await post(cookie, { customerId, type: "bonus_points", amount: String(points) });
  expect(res.status).toBe(201);
}
async function makeVoucher(businessId: number, customerId: number, fields: Record<string, unknown>) {
  return db.voucher.create({ data: { businessId, customerId, batchId: "b", promoCode: "SAVE10", title: "Ten off", discountType: "percentage", discountValue: 10, ...fields } });
}


describe("purchases", () => {
  it("earn floor(amount x the customer's own rate), add to lifetime spent, set last visit, write the ledger", async () => {
    const { biz, customer } = await setup();
    await db.customer.update({ where: { id: customer.id }, data: { pointsPerPound: 1.5 } });
    const at = "2026-11-22T09:30:00.000Z";
    const res = await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "12.99", description: "flat white x3" }, { "x-test-now": at });
    expect(res.status).toBe(201);
    expect(res.json.transaction).toMatchObject({ type: "purchase", amount: "12.99", pointsEarned: 19, pointsRedeemed: 0, description: "flat white x3", discountAmount: "0.00", actorType: "owner", promoCode: null });
    expect(res.json.transaction.customer).toMatchObject({ id: customer.id, name: customer.name, membershipNumber: customer.membershipNumber, totalPoints: 19 });
    expect(res.json.customer).toMatchObject({ totalPoints: 19, lifetimeSpent: "12.99", lastVisit: at });
    const entry = await db.pointsLedgerEntry.findFirstOrThrow({ where: { transactionId: res.json.transaction.id } });
    expect(entry).toMatchObject({ kind: "earn", points: 19, balanceAfter: 19, amountPence: 1299, actorType: "owner" });
    expect(await db.setupStep.count({ where: { businessId: biz.businessId, stepId: "complete_transaction" } })).toBe(1);
  });

  it.each([
    [{ amount: "0" }, "Amount must be a positive number with at most 2 decimal places"],
    [{ amount: "-5" }, "Amount must be a positive number with at most 2 decimal places"],
    [{ amount: "1.234" }, "Amount must be a positive number with at most 2 decimal places"],
    [{ amount: "lots" }, "Amount must be a positive number with at most 2 decimal places"],
    [{}, "required fields missing for transaction type"],
  ])("refuses %j", async (fields, message) => {
    const { biz, customer } = await setup();
    const res = await post(biz.cookie, { customerId: customer.id, type: "purchase", ...fields });
    expectRefusal(res, 400, message);
  });

  it("requires a customer: 'please select a customer'; another business's customer is a 404", async () => {
    const { biz } = await setup();
    expect((await post(biz.cookie, { type: "purchase", amount: "5" })).json).toMatchObject({ message: "please select a customer" });
    expect((await post(biz.cookie, { customerId: 0, type: "purchase", amount: "5" })).json).toMatchObject({ message: "please select a customer" });
    const other = await setup();
    const res = await post(biz.cookie, { customerId: other.customer.id, type: "purchase", amount: "5" });
    expect(res.status).toBe(404);
    expect((await db.customer.findUniqueOrThrow({ where: { id: other.customer.id } })).totalPoints).toBe(0);
  });

  it("applies the customer's promo: percentage capped by maxDiscount, min spend, then it is redeemed and cannot be reused", async () => {
    const { biz, customer } = await setup();
    const voucher = await makeVoucher(biz.businessId, customer.id, { discountValue: 50, maxDiscountPence: 300, minSpendPence: 1000 });
    const small = await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "8.00", promoCode: "save10" });
    expect(small.status).toBe(400);
    expect(small.json).toMatchObject({ message: "Minimum spend of £10.00 required (current: £8.00)" });
    const ok = await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "20.00", promoCode: "save10" });
    expect(ok.status).toBe(201);
    expect(ok.json.transaction).toMatchObject({ amount: "17.00", discountAmount: "3.00", promoCode: "SAVE10", pointsEarned: 17 });
    expect(await db.voucher.findUniqueOrThrow({ where: { id: voucher.id } })).toMatchObject({ status: "redeemed" });
    const again = await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "20.00", promoCode: "SAVE10" });
    expect(again.json).toMatchObject({ message: 'Promo code "SAVE10" not found or expired for this customer' });
  });

  it("refuses expired promos, other customers' promos, and a fixed discount never exceeds the amount", async () => {
    const { biz, customer } = await setup();
    const other = await addCustomer(biz.cookie);
    await makeVoucher(biz.businessId, customer.id, { promoCode: "OLD", expiresAt: new Date(Date.now() - 1000) });
    await makeVoucher(biz.businessId, other.id, { promoCode: "THEIRS" });
    await makeVoucher(biz.businessId, customer.id, { promoCode: "FIVER", discountType: "fixed", discountValue: 5 });
    expect((await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "10", promoCode: "OLD" })).json).toMatchObject({ message: 'Promo code "OLD" not found or expired for this customer' });
    expect((await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "10", promoCode: "THEIRS" })).status).toBe(400);
    const fixed = await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "3.50", promoCode: "FIVER" });
    expect(fixed.json.transaction).toMatchObject({ amount: "0.00", discountAmount: "3.50", pointsEarned: 0 });
  });

  it("a purchase wakes an asleep or snoozed customer; other types are refused for them; closed accounts take nothing", async () => {
    const { biz, customer } = await setup();
    await db.customer.update({ where: { id: customer.id }, data: { accountStatus: "snoozed", sleepStatus: "asleep", scheduledDeletionAt: new Date() } });
    const bonus = await post(biz.cookie, { customerId: customer.id, type: "bonus_points", amount: "10" });
    expect(bonus.status).toBe(409);
    const buy = await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "4" });
    expect(buy.status).toBe(201);
    expect(buy.json.customer).toMatchObject({ accountStatus: "active", sleepStatus: "active" });
    expect((await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).scheduledDeletionAt).toBeNull();
    await db.customer.update({ where: { id: customer.id }, data: { accountStatus: "closed" } });
    const closed = await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "4" });
    expect(closed.status).toBe(409);
    expect(closed.json).toMatchObject({ message: "Closed accounts are read-only: no transactions can be recorded." });
  });
});

describe("redemptions", () => {
  it("enforce balance and minimum with the spec's messages, and check the value sent", async () => {
    const { biz, customer } = await setup();
    await givePoints(biz.cookie, customer.id, 150);
    const tooMany = await post(biz.cookie, { customerId: customer.id, type: "points_redemption", pointsToRedeem: 200 });
    expect(tooMany.json).toMatchObject({ message: "insufficient points - wait for customer to earn or add bonus points to proceed" });
    const tooFew = await post(biz.cookie, { customerId: customer.id, type: "points_redemption", pointsToRedeem: 50 });
    expect(tooFew.json).toMatchObject({ message: "minimum redemption is 100 points. customer is trying to redeem 50 points." });
    const wrongValue = await post(biz.cookie, { customerId: customer.id, type: "points_redemption", pointsToRedeem: 120, amount: "5.00" });
    expect(wrongValue.json).toMatchObject({ message: "The redemption value should be £1.20 for 120 points" });
    const ok = await post(biz.cookie, { customerId: customer.id, type: "points_redemption", pointsToRedeem: 120, amount: "1.20" });
    expect(ok.status).toBe(201);
    expect(ok.json.transaction).toMatchObject({ pointsRedeemed: 120, pointsEarned: 0, amount: "1.20" });
    expect(ok.json.customer.totalPoints).toBe(30);
    expect(ok.json.customer.lifetimeSpent).toBe("0.00");
    expect((await post(biz.cookie, { customerId: customer.id, type: "points_redemption", pointsToRedeem: 0 })).json).toMatchObject({ message: "required fields missing for transaction type" });
    expect((await post(biz.cookie, { customerId: customer.id, type: "points_redemption", pointsToRedeem: -5 })).json).toMatchObject({ message: "insufficient points - wait for customer to earn or add bonus points to proceed" });
  });

  it("50 concurrent redemptions against a balance that allows 10: exactly 10 succeed, never below zero", async () => {
    const { biz, customer } = await setup();
    await givePoints(biz.cookie, customer.id, 1000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post(biz.cookie, { customerId: customer.id, type: "points_redemption", pointsToRedeem: 100 })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 400)).toBe(true);
    expect((await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).totalPoints).toBe(0);
    expect(await db.transaction.count({ where: { customerId: customer.id, type: "points_redemption" } })).toBe(10);
    await expectLedgerConsistent([biz.businessId]);
  }, 60_000);
});

describe("bonus, goodwill, adjustments and gifts", () => {
  it("bonus and goodwill award whole points; adjustments take both names and never go below zero", async () => {
    const { biz, customer } = await setup();
    expect((await post(biz.cookie, { customerId: customer.id, type: "goodwill_points", amount: 25 })).json.customer.totalPoints).toBe(25);
    expect((await post(biz.cookie, { customerId: customer.id, type: "bonus_points", amount: "2.5" })).json).toMatchObject({ message: "Points must be a whole number" });
    const plus = await post(biz.cookie, { customerId: customer.id, type: "manual_adjustment", pointsAdjustment: 10, description: "birthday" });
    expect(plus.json.transaction).toMatchObject({ type: "points_adjustment", pointsEarned: 10 });
    const minus = await post(biz.cookie, { customerId: customer.id, type: "points_adjustment", pointsAdjustment: -30 });
    expect(minus.json.transaction).toMatchObject({ pointsRedeemed: 30 });
    expect(minus.json.customer.totalPoints).toBe(5);
    expect((await post(biz.cookie, { customerId: customer.id, type: "points_adjustment", pointsAdjustment: -6 })).json).toMatchObject({ message: "insufficient points - wait for customer to earn or add bonus points to proceed" });
    expect((await post(biz.cookie, { customerId: customer.id, type: "points_adjustment", pointsAdjustment: 0 })).json).toMatchObject({ message: "required fields missing for transaction type" });
    expect((await post(biz.cookie, { customerId: customer.id, type: "teleport", amount: 5 })).status).toBe(400);
  });

  it("gifts move points between two customers of the business, within the balance", async () => {
    const { biz, customer } = await setup();
    const friend = await addCustomer(biz.cookie);
    await givePoints(biz.cookie, customer.id, 40);
    expect((await post(biz.cookie, { customerId: customer.id, type: "gift_points", recipientCustomerId: customer.id, giftPoints: 5 })).json).toMatchObject({ message: "A customer cannot gift points to themselves" });
    expect((await post(biz.cookie, { customerId: customer.id, type: "gift_points", recipientCustomerId: friend.id, giftPoints: 41 })).json).toMatchObject({ message: "insufficient points - wait for customer to earn or add bonus points to proceed" });
    expect((await post(biz.cookie, { customerId: customer.id, type: "gift_points", giftPoints: 5 })).json).toMatchObject({ message: "required fields missing for transaction type" });
    const stranger = await setup();
    expect((await post(biz.cookie, { customerId: customer.id, type: "gift_points", recipientCustomerId: stranger.customer.id, giftPoints: 5 })).status).toBe(404);
    const gift = await post(biz.cookie, { customerId: customer.id, type: "gift_points", recipientCustomerId: friend.id, giftPoints: 15 });
    expect(gift.status).toBe(201);
    expect(gift.json.transaction).toMatchObject({ pointsRedeemed: 15, recipientCustomerId: friend.id, recipient: { id: friend.id, name: friend.name } });
    expect(gift.json.customer.totalPoints).toBe(25);
    expect((await db.customer.findUniqueOrThrow({ where: { id: friend.id } })).totalPoints).toBe(15);
    const kinds = (await db.pointsLedgerEntry.findMany({ where: { transactionId: gift.json.transaction.id }, orderBy: { id: "asc" } })).map((e) => [e.kind, e.points]);
    expect(kinds).toEqual([["gift_out", -15], ["gift_in", 15]]);
  });

  it("opposite gifts at the same time do not deadlock", async () => {
    const { biz, customer } = await setup();
    const friend = await addCustomer(biz.cookie);
    await givePoints(biz.cookie, customer.id, 100);
    await givePoints(biz.cookie, friend.id, 100);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(biz.cookie, { customerId: i % 2 ? customer.id : friend.id, type: "gift_points", recipientCustomerId: i % 2 ? friend.id : customer.id, giftPoints: 3 }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const [a, b] = await Promise.all([db.customer.findUniqueOrThrow({ where: { id: customer.id } }), db.customer.findUniqueOrThrow({ where: { id: friend.id } })]);
    expect(a.totalPoints + b.totalPoints).toBe(200);
  }, 60_000);
});

describe("editing and deleting", () => {
  it("an edit keeps history: the row shows new values and a correction entry moves the balance", async () => {
    const { biz, customer } = await setup();
    const t = (await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "10.00" })).json.transaction;
    const res = await call<TransactionDto>(edit, { method: "PUT", cookie: biz.cookie, params: { id: String(t.id) }, body: { type: "purchase", amount: 25, description: "corrected", pointsEarned: 25, pointsRedeemed: 0 } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ amount: "25.00", pointsEarned: 25, description: "corrected" });
    const c = await db.customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(c).toMatchObject({ totalPoints: 25, lifetimeSpentPence: 2500 });
    const entries = await db.pointsLedgerEntry.findMany({ where: { transactionId: t.id }, orderBy: { id: "asc" } });
    expect(entries.map((e) => [e.kind, e.points])).toEqual([["earn", 10], ["correction", 15]]);
    const email = await db.outboundMessage.findFirst({ where: { customerId: customer.id, emailType: "transaction_update" } });
    expect(email?.html).toContain("25 points");
    expect((await call(edit, { method: "PUT", cookie: biz.cookie, params: { id: String(t.id) }, body: { type: "purchase", amount: "", pointsEarned: 0, pointsRedeemed: 0 } })).json).toMatchObject({ message: "Amount is required" });
    expect((await call(edit, { method: "PUT", cookie: biz.cookie, params: { id: String(t.id) }, body: { type: "purchase", amount: 5, pointsEarned: -1, pointsRedeemed: 0 } })).status).toBe(400);
  });

  it("an edit that would take the balance below zero is refused", async () => {
    const { biz, customer } = await setup();
    const t = (await post(biz.cookie, { customerId: customer.id, type: "bonus_points", amount: "50" })).json.transaction;
    await post(biz.cookie, { customerId: customer.id, type: "points_adjustment", pointsAdjustment: -45 });
    const res = await call(edit, { method: "PUT", cookie: biz.cookie, params: { id: String(t.id) }, body: { type: "bonus_points", amount: 0, pointsEarned: 10, pointsRedeemed: 0 } });
    expectRefusal(res, 400, "This change would take the customer's points balance below zero");
    expect((await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).totalPoints).toBe(5);
  });

  it("delete reverses points and spend, revives the promo, and needs reason + password for 'other'", async () => {
    const { biz, customer } = await setup();
    const voucher = await makeVoucher(biz.businessId, customer.id, { promoCode: "TREAT", discountType: "fixed", discountValue: 1 });
    const t = (await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "11.00", promoCode: "TREAT" })).json.transaction;
    const path = { params: { id: String(t.id) } };
    const missing = await call(remove, { method: "DELETE", cookie: biz.cookie, ...path, body: { reason: "other" } });
    expect(missing.json).toMatchObject({ message: "Custom reason and password are required when selecting 'Other'" });
    const wrongPassword = await call(remove, { method: "DELETE", cookie: biz.cookie, ...path, body: { reason: "other", customReason: "till error", password: "Wrong-pass1" } });
    expect(wrongPassword.status).toBe(403);
    const ok = await call(remove, { method: "DELETE", cookie: biz.cookie, ...path, body: { reason: "other", customReason: "till error", password: TEST_PASSWORD } });
    expect(ok.status).toBe(200);
    const row = await db.transaction.findUniqueOrThrow({ where: { id: t.id } });
    expect(row).toMatchObject({ deleteReason: "other", deleteCustomReason: "till error" });
    expect(row.deletedAt).not.toBeNull();
    expect(await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).toMatchObject({ totalPoints: 0, lifetimeSpentPence: 0 });
    expect((await db.voucher.findUniqueOrThrow({ where: { id: voucher.id } })).status).toBe("active");
    expect((await call(remove, { method: "DELETE", cookie: biz.cookie, ...path, body: { reason: "incorrectly_posted" } })).status).toBe(404);
    expect((await call(remove, { method: "DELETE", cookie: biz.cookie, ...path, body: { reason: "because" } })).status).toBe(400);
  });

  it("deleting a gift reverses both sides, unless the recipient already spent them", async () => {
    const { biz, customer } = await setup();
    const friend = await addCustomer(biz.cookie);
    await givePoints(biz.cookie, customer.id, 200);
    const gift = (await post(biz.cookie, { customerId: customer.id, type: "gift_points", recipientCustomerId: friend.id, giftPoints: 150 })).json.transaction;
    await post(biz.cookie, { customerId: friend.id, type: "points_redemption", pointsToRedeem: 100 });
    const blocked = await call(remove, { method: "DELETE", cookie: biz.cookie, params: { id: String(gift.id) }, body: { reason: "incorrectly_posted" } });
    expect(blocked.status).toBe(400);
    expect(blocked.json).toMatchObject({ message: "The recipient has already used these points, so the gift cannot be reversed" });
    const small = (await post(biz.cookie, { customerId: customer.id, type: "gift_points", recipientCustomerId: friend.id, giftPoints: 20 })).json.transaction;
    expect((await call(remove, { method: "DELETE", cookie: biz.cookie, params: { id: String(small.id) }, body: { reason: "training_transaction" } })).status).toBe(200);
    expect((await db.customer.findUniqueOrThrow({ where: { id: customer.id } })).totalPoints).toBe(50);
    expect((await db.customer.findUniqueOrThrow({ where: { id: friend.id } })).totalPoints).toBe(50);
  });
});

describe("listing, lookup, audiences and tenants", () => {
  it("lists live transactions newest first with search and paging", async () => {
    const { biz, customer } = await setup();
    for (const d of ["latte", "scone", "cake"]) await post(biz.cookie, { customerId: customer.id, type: "purchase", amount: "3", description: d });
    const all = await call<TransactionDto[]>(list, { cookie: biz.cookie });
    expect(all.json.map((t) => t.description)).toEqual(["cake", "scone", "latte"]);
    expect((await call<TransactionDto[]>(list, { cookie: biz.cookie, path: "/api/transactions?q=SCO" })).json.map((t) => t.description)).toEqual(["scone"]);
    expect((await call<TransactionDto[]>(list, { cookie: biz.cookie, path: `/api/transactions?q=${encodeURIComponent(customer.email)}` })).json).toHaveLength(3);
    const page = await call<TransactionDto[]>(list, { cookie: biz.cookie, path: `/api/transactions?limit=2` });
    expect(page.json).toHaveLength(2);
    const next = await call<TransactionDto[]>(list, { cookie: biz.cookie, path: `/api/transactions?before=${page.json[1].id}` });
    expect(next.json.map((t) => t.description)).toEqual(["latte"]);
    expect((await call(list, { cookie: biz.cookie, path: "/api/transactions?limit=99999" })).status).toBe(400);
  });

  it("finds a customer by membership number, only within the business", async () => {
    const { biz, customer } = await setup();
    const found = await call<CustomerDto>(byMembership, { cookie: biz.cookie, params: { membershipNumber: customer.membershipNumber } });
    expect(found.json).toMatchObject({ id: customer.id, name: customer.name });
    const other = await setup();
    const res = await call(byMembership, { cookie: biz.cookie, params: { membershipNumber: other.customer.membershipNumber } });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ message: "no customer found with this membership number" });
    expect((await call(byMembership, { cookie: biz.cookie, params: { membershipNumber: "' OR 1=1 --" } })).status).toBe(404);
  });

  it("staff may record transactions but not list, edit or delete them; signed out is 401; B cannot touch A's transactions", async () => {
    const { biz, customer } = await setup();
    const staff = await createStaffSession(biz.businessId);
    const byStaff = await post(staff.cookie, { customerId: customer.id, type: "purchase", amount: "6.50" });
    expect(byStaff.status).toBe(201);
    expect(byStaff.json.transaction.actorType).toBe("staff");
    const id = String(byStaff.json.transaction.id);
    expect((await call(list, { cookie: staff.cookie })).status).toBe(401);
    expect((await call(edit, { method: "PUT", cookie: staff.cookie, params: { id }, body: { type: "purchase", amount: 1, pointsEarned: 1, pointsRedeemed: 0 } })).status).toBe(401);
    expect((await call(remove, { method: "DELETE", cookie: staff.cookie, params: { id }, body: { reason: "incorrectly_posted" } })).status).toBe(401);
    expect((await post("", { customerId: customer.id, type: "purchase", amount: "1" })).status).toBe(401);

    const other = await setup();
    expect((await call(edit, { method: "PUT", cookie: other.biz.cookie, params: { id }, body: { type: "purchase", amount: 99, pointsEarned: 99, pointsRedeemed: 0 } })).status).toBe(404);
    expect((await call(remove, { method: "DELETE", cookie: other.biz.cookie, params: { id }, body: { reason: "incorrectly_posted" } })).status).toBe(404);
    expect((await call<TransactionDto[]>(list, { cookie: other.biz.cookie })).json.find((t) => String(t.id) === id)).toBeUndefined();
    expect((await db.transaction.findUniqueOrThrow({ where: { id: Number(id) } })).amountPence).toBe(650);
  });
});
