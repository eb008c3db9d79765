/** @jest-environment node */
// The dashboard's per-customer rollups (customer_activity, kept by a trigger on transactions) must
// always equal a recount from the transactions themselves: after purchases, promo purchases,
// redemptions, bonuses, adjustments, gifts, edits, deletes, a back-dated insert and a deleted customer.
import { POST as create } from "@/app/api/transactions/route";
import { DELETE as remove, PUT as edit } from "@/app/api/transactions/[id]/route";
import { db } from "@/lib/db";
import type { TransactionDto } from "@/lib/transactions/transaction-dto";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { expectLedgerConsistent } from "../helpers/ledger";

// Fifteen writes through the real routes, each with the rollup triggers behind it: on the embedded
// PGlite of a loaded 2-core machine that is over jest's default 30 s (it timed out there, and the
// ledger check then ran under a test still writing).
jest.setTimeout(120_000);

type Created = { transaction: TransactionDto };
const businesses: number[] = [];
afterAll(() => expectLedgerConsistent(businesses));

type Figures = { customerId: number; live: number; purchases: number; purchasePence: number; earned: number; redeemed: number; discount: number; firstPence: number | null };

async function rollups(businessId: number): Promise<Figures[]> {
  return db.$queryRaw<Figures[]>`
    SELECT "customerId", "liveTransactions" AS live, purchases, "purchasePence"::int AS "purchasePence", "pointsEarned"::int AS earned,
      "pointsRedeemed"::int AS redeemed, "discountPence"::int AS discount, "firstPurchasePence" AS "firstPence"
    FROM customer_activity WHERE "businessId" = ${businessId} AND "liveTransactions" > 0 ORDER BY "customerId"`;
}

async function recount(businessId: number): Promise<Figures[]> {
  return db.$queryRaw<Figures[]>`
    SELECT "customerId", count(*)::int AS live, count(*) FILTER (WHERE type = 'purchase')::int AS purchases,
      COALESCE(sum("amountPence") FILTER (WHERE type = 'purchase'), 0)::int AS "purchasePence",
      COALESCE(sum("pointsEarned") FILTER (WHERE type <> 'gift_points'), 0)::int AS earned,
      COALESCE(sum("pointsRedeemed") FILTER (WHERE type <> 'gift_points'), 0)::int AS redeemed,
      COALESCE(sum("discountPence") FILTER (WHERE "discountPence" > 0), 0)::int AS discount,
      (SELECT "amountPence" FROM transactions f WHERE f."customerId" = t."customerId" AND f."deletedAt" IS NULL AND f.type = 'purchase'
        ORDER BY f."createdAt", f.id LIMIT 1) AS "firstPence"
    FROM transactions t WHERE "businessId" = ${businessId} AND "deletedAt" IS NULL GROUP BY "customerId" ORDER BY "customerId"`;
}

describe("customer_activity rollups", () => {
  it("equal a recount from the transactions after every kind of change", async () => {
    const biz = await createBusinessSession();
    businesses.push(biz.businessId);
    const a = await addCustomer(biz.cookie);
    const b = await addCustomer(biz.cookie);
    const c = await addCustomer(biz.cookie);
    const post = async (body: Record<string, unknown>) => {
      const res = await call<Created>(create, { method: "POST", cookie: biz.cookie, body });
      expect(res.status).toBe(201);
      return res.json.transaction;
    };

    const first = await post({ customerId: a.id, type: "purchase", amount: "12.50" });
    await post({ customerId: a.id, type: "purchase", amount: "3.20" });
    await post({ customerId: a.id, type: "bonus_points", amount: "200" });
    await post({ customerId: a.id, type: "points_redemption", pointsToRedeem: 100 });
    await post({ customerId: a.id, type: "points_adjustment", pointsAdjustment: -5, description: "till slip" });
    await post({ customerId: a.id, type: "gift_points", recipientCustomerId: b.id, giftPoints: 20 });
    await post({ customerId: b.id, type: "goodwill_points", amount: "15" });
    await db.voucher.create({ data: { businessId: biz.businessId, customerId: b.id, batchId: "b", promoCode: "TREAT", title: "Treat", discountType: "fixed", discountValue: 2 } });
    await post({ customerId: b.id, type: "purchase", amount: "10.00", promoCode: "TREAT" });
    const cOnly = await post({ customerId: c.id, type: "purchase", amount: "7.00" });
    expect(await rollups(biz.businessId)).toEqual(await recount(biz.businessId));

    // A back-dated purchase becomes the customer's first; editing and deleting recount.
    await db.transaction.create({
      data: { businessId: biz.businessId, customerId: a.id, type: "purchase", amountPence: 999, actorType: "owner", createdAt: new Date("2020-01-01T10:00:00Z") },
    });
    const edited = await call(edit, { method: "PUT", cookie: biz.cookie, params: { id: String(first.id) }, body: { type: "purchase", amount: "14.00", pointsEarned: 14, pointsRedeemed: 0 } });
    expect(edited.status).toBe(200);
    const removed = await call(remove, { method: "DELETE", cookie: biz.cookie, params: { id: String(cOnly.id) }, body: { reason: "incorrectly_posted" } });
    expect(removed.status).toBe(200);
    const rows = await rollups(biz.businessId);
    expect(rows).toEqual(await recount(biz.businessId));
    expect(rows.find((r) => r.customerId === a.id)?.firstPence).toBe(999);
    expect(rows.find((r) => r.customerId === c.id)).toBeUndefined(); // no live transaction left

    // Deleting a customer (cascade) takes its rollup with it, and the bulk recount agrees.
    await db.customer.delete({ where: { id: c.id } });
    expect(await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM customer_activity WHERE "customerId" = ${c.id}`).toEqual([{ n: 0 }]);
    await db.$executeRaw`SELECT customer_activity_refresh(ARRAY[${biz.businessId}]::int[])`;
    expect(await rollups(biz.businessId)).toEqual(await recount(biz.businessId));
  });
});
