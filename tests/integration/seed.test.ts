/** @jest-environment node */
// The demo seed keeps the ledger invariant: for every customer, totalPoints equals the sum of their
// ledger rows and the latest row's balanceAfter. Other test files share this database, so every
// query is scoped to the demo business.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { isValidMembershipNumber } from "@/lib/rules/membership-number";
import { DEMO_EMAIL, seedDemo } from "@/prisma/seed";

const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL!, max: 2 }) });
let businessId: number;

beforeAll(async () => {
  const first = await seedDemo(prisma);
  const second = await seedDemo(prisma);
  expect(second.created).toBe(false);
  expect(second.businessId).toBe(first.businessId);
  businessId = first.businessId;
}, 60_000);

afterAll(() => prisma.$disconnect());

it("creates the demo business once", async () => {
  expect(await prisma.business.count({ where: { email: DEMO_EMAIL } })).toBe(1);
  const business = await prisma.business.findUniqueOrThrow({ where: { id: businessId } });
  expect(business).toMatchObject({ name: "The Daily Grind Café", subscriptionStatus: "pro_max", ownerFirstName: "Demo" });
  expect(await prisma.systemSettings.count({ where: { id: 1 } })).toBe(1);
});

it("has about 30 customers, each with a fallback card sharing the membership number", async () => {
  const customers = await prisma.customer.findMany({ where: { businessId }, include: { card: true } });
  expect(customers.length).toBeGreaterThanOrEqual(25);
  expect(customers.length).toBeLessThanOrEqual(35);
  for (const c of customers) {
    expect(isValidMembershipNumber(c.membershipNumber)).toBe(true);
    expect(c.card).toMatchObject({ membershipNumber: c.membershipNumber, passkitStatus: "fallback", businessId });
    expect(c.card!.cardNumber).not.toBe(c.membershipNumber);
    expect(c.phone).toMatch(/^\+447\d{9}$/);
  }
  const sleep = new Set(customers.map((c) => c.sleepStatus));
  expect(sleep).toEqual(new Set(["active", "asleep", "scheduled_deletion"]));
});

it("keeps totalPoints equal to the ledger for every demo customer", async () => {
  const customers = await prisma.customer.findMany({ where: { businessId }, select: { id: true, totalPoints: true, lifetimeSpentPence: true, lastVisit: true } });
  const ledger = await prisma.pointsLedgerEntry.findMany({ where: { businessId }, orderBy: { id: "asc" } });
  const purchases = await prisma.transaction.groupBy({ by: ["customerId"], where: { businessId, type: "purchase", deletedAt: null }, _sum: { amountPence: true } });
  const latestTx = await prisma.transaction.groupBy({ by: ["customerId"], where: { businessId }, _max: { createdAt: true } });
  const spent = new Map(purchases.map((p) => [p.customerId, p._sum.amountPence ?? 0]));
  const lastTx = new Map(latestTx.map((t) => [t.customerId, t._max.createdAt]));

  expect(ledger.length).toBeGreaterThan(customers.length * 3);
  for (const c of customers) {
    const rows = ledger.filter((l) => l.customerId === c.id);
    expect(rows.length).toBeGreaterThan(0);
    // Each row's balanceAfter is the running sum, so the last one is the balance.
    let running = 0;
    for (const row of rows) {
      running += row.points;
      expect(row.balanceAfter).toBe(running);
      expect(row.balanceAfter).toBeGreaterThanOrEqual(0);
    }
    expect(c.totalPoints).toBe(running);
    expect(rows[rows.length - 1].balanceAfter).toBe(c.totalPoints);
    expect(c.lifetimeSpentPence).toBe(spent.get(c.id) ?? 0);
    expect(c.lastVisit).toEqual(lastTx.get(c.id));
  }
});

it("writes one ledger row per transaction, with the transaction's signed points", async () => {
  const txs = await prisma.transaction.findMany({ where: { businessId }, include: { ledgerEntries: true } });
  for (const t of txs) {
    expect(t.ledgerEntries).toHaveLength(1);
    expect(t.ledgerEntries[0].points).toBe(t.pointsEarned - t.pointsRedeemed);
    if (t.type === "purchase") {
      expect(t.amountPence).toBeGreaterThanOrEqual(200);
      expect(t.amountPence).toBeLessThanOrEqual(3000);
    }
  }
  expect(new Set(txs.map((t) => t.type))).toEqual(new Set(["purchase", "points_redemption", "bonus_points"]));
});

it("links redeemed vouchers to the purchase that used them", async () => {
  const vouchers = await prisma.voucher.findMany({ where: { businessId }, include: { transactions: true } });
  expect(new Set(vouchers.map((v) => v.status))).toEqual(new Set(["active", "redeemed", "expired"]));
  for (const v of vouchers) {
    expect(v.transactions).toHaveLength(v.status === "redeemed" ? 1 : 0);
    if (v.status === "redeemed") expect(v.transactions[0]).toMatchObject({ type: "purchase", promoCode: v.promoCode, customerId: v.customerId });
  }
});
