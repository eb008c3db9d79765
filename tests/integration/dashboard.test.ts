/** @jest-environment node */
import { randomUUID } from "node:crypto";
import { GET as stats } from "@/app/api/dashboard/stats/route";
import { GET as impactStats } from "@/app/api/dashboard/impact-stats/route";
import { GET as recentCustomers } from "@/app/api/dashboard/recent-customers/route";
import { GET as moneyMakers } from "@/app/api/dashboard/money-makers/route";
import { GET as superFans } from "@/app/api/dashboard/super-fans/route";
import { GET as weeklyStats } from "@/app/api/dashboard/weekly-stats/route";
import { GET as usageRoute } from "@/app/api/subscription/usage/route";
import { GET as businessRoute } from "@/app/api/business/route";
import { GET as downgradeRoute } from "@/app/api/subscription/downgrade-status/route";
import { GET as trialRoute } from "@/app/api/business/trial-status/route";
import { getDashboardStart } from "@/lib/dashboard/get-dashboard-start";
import { db } from "@/lib/db";
import type { DashboardStats, ImpactStats, MoneyMaker, RecentCustomer, SuperFan, WeeklyStats } from "@/lib/dashboard/types";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { reconcileLedgerForTest } from "../helpers/ledger-fixture";

// The dashboard figures against a real database, with a fixed clock (x-test-now) and a fixed data
// set whose every figure is worked out by hand below. A second business with plenty of data of
// its own runs alongside: none of it may show in the first business's figures.

// Wednesday 17 June 2026, 13:00 in the UK (BST). The 7-day window is 11-17 June, UK days:
// it starts at 2026-06-10T23:00:00Z. Active = last visit (or sign-up) after 2026-03-17T12:00Z.
const NOW = "2026-06-17T12:00:00.000Z";
const at = (iso: string) => new Date(iso);
const tag = () => randomUUID().slice(0, 8);

type CustomerSeed = {
  key: string;
  createdAt: string;
  lastVisit?: string;
  totalPoints?: number;
  lifetimeSpentPence?: number;
  accountStatus?: string;
  parked?: boolean;
  card?: string; // passkitStatus
};

// Fixture balances are set directly; the ledger is made to agree once the file is done.
const fixtureCustomers: number[] = [];
afterAll(() => reconcileLedgerForTest(fixtureCustomers));

async function addCustomers(businessId: number, seeds: CustomerSeed[]) {
  const ids: Record<string, number> = {};
  for (const s of seeds) {
    const t = tag();
    const name = `${s.key[0].toUpperCase()}${s.key.slice(1)} Tester`;
    const c = await db.customer.create({
      data: {
        businessId,
        firstName: s.key,
        lastName: "Tester",
        name,
        email: `${s.key}-${t}@example.test`,
        phone: `+447700${Math.floor(100000 + Math.random() * 899999)}`,
        membershipNumber: `DB${t}`,
        totalPoints: s.totalPoints ?? 0,
        lifetimeSpentPence: s.lifetimeSpentPence ?? 0,
        lastVisit: s.lastVisit ? at(s.lastVisit) : null,
        accountStatus: s.accountStatus ?? "active",
        parkedAt: s.parked ? at("2026-06-16T12:00:00Z") : null,
        parkedReason: s.parked ? "trial_limit" : null,
        createdAt: at(s.createdAt),
      },
    });
    ids[s.key] = c.id;
    fixtureCustomers.push(c.id);
    if (s.card) {
      await db.loyaltyCard.create({
        data: { businessId, customerId: c.id, membershipNumber: c.membershipNumber, cardNumber: `CN${t}`, passkitStatus: s.card },
      });
    }
  }
  return ids;
}

type TxSeed = {
  customerId: number;
  type: string;
  at: string;
  amountPence?: number;
  pointsEarned?: number;
  pointsRedeemed?: number;
  discountPence?: number;
  deleted?: boolean;
};

async function addTransactions(businessId: number, seeds: TxSeed[]) {
  for (const s of seeds) {
    const t = await db.transaction.create({
      data: {
        businessId,
        customerId: s.customerId,
        type: s.type,
        amountPence: s.amountPence ?? 0,
        pointsEarned: s.pointsEarned ?? 0,
        pointsRedeemed: s.pointsRedeemed ?? 0,
        discountPence: s.discountPence ?? 0,
        actorType: "owner",
        deletedAt: s.deleted ? at("2026-06-14T13:00:00Z") : null,
        deleteReason: s.deleted ? "incorrectly_posted" : null,
        createdAt: at(s.at),
      },
    });
    const points = (s.pointsEarned ?? 0) - (s.pointsRedeemed ?? 0);
    if (points !== 0) {
      await db.pointsLedgerEntry.create({
        data: { businessId, customerId: s.customerId, transactionId: t.id, kind: points > 0 ? "earn" : "redeem", points, balanceAfter: Math.max(points, 0), actorType: "owner", createdAt: at(s.at) },
      });
    }
  }
}

type VoucherSeed = { customerId: number; type: "fixed" | "percentage"; value: string; maxDiscountPence?: number; status?: string; createdAt: string };

async function addVouchers(businessId: number, seeds: VoucherSeed[]) {
  for (const s of seeds) {
    await db.voucher.create({
      data: {
        businessId,
        customerId: s.customerId,
        batchId: randomUUID(),
        promoCode: `CODE${tag().toUpperCase()}`,
        title: "Test treat",
        discountType: s.type,
        discountValue: s.value,
        maxDiscountPence: s.maxDiscountPence ?? null,
        status: s.status ?? "active",
        isActive: (s.status ?? "active") === "active",
        createdAt: at(s.createdAt),
      },
    });
  }
}

/** Business A: every figure of the dashboard is known. */
async function seedBusinessA(businessId: number) {
  const c = await addCustomers(businessId, [
    { key: "alice", createdAt: "2026-01-10T10:00:00Z", lastVisit: "2026-06-17T11:00:00Z", totalPoints: 120, lifetimeSpentPence: 13_050, card: "created" },
    // 00:30 UK time on 11 June: the first minutes of the window.
    { key: "bob", createdAt: "2026-06-10T23:30:00Z", card: "fallback" },
    // Last visit three and a half months ago: asleep, not active.
    { key: "carol", createdAt: "2026-02-01T10:00:00Z", lastVisit: "2026-03-01T10:00:00Z", totalPoints: 300, card: "pending" },
    { key: "dave", createdAt: "2026-06-15T09:00:00Z", accountStatus: "snoozed", totalPoints: 30, lifetimeSpentPence: 700, card: "failed" },
    { key: "erin", createdAt: "2026-05-01T10:00:00Z", lastVisit: "2026-06-01T10:00:00Z", accountStatus: "closed", totalPoints: 50, card: "fallback" },
    // 23:59 UK time on 10 June: just before the window.
    { key: "frank", createdAt: "2026-06-10T22:59:00Z", lifetimeSpentPence: 700 },
    { key: "gina", createdAt: "2025-12-01T10:00:00Z" },
    // Parked and archived customers are not counted or listed.
    { key: "pete", createdAt: "2026-06-16T10:00:00Z", parked: true, totalPoints: 1000, lifetimeSpentPence: 999_999, card: "fallback" },
    { key: "zed", createdAt: "2026-06-16T10:30:00Z", accountStatus: "archived", lifetimeSpentPence: 50_000, totalPoints: 70 },
  ]);
  await addTransactions(businessId, [
    { customerId: c.alice, type: "purchase", at: "2026-06-16T10:00:00Z", amountPence: 5000, pointsEarned: 50 },
    { customerId: c.alice, type: "purchase", at: "2026-05-01T10:00:00Z", amountPence: 7050, pointsEarned: 70, discountPence: 500 },
    { customerId: c.alice, type: "points_redemption", at: "2026-06-12T09:00:00Z", amountPence: 100, pointsRedeemed: 100 },
    { customerId: c.carol, type: "bonus_points", at: "2026-03-01T10:00:00Z", pointsEarned: 25 },
    { customerId: c.bob, type: "gift_points", at: "2026-06-13T09:00:00Z", pointsRedeemed: 10 },
    { customerId: c.alice, type: "purchase", at: "2026-06-14T12:00:00Z", amountPence: 99_999, pointsEarned: 999, discountPence: 1234, deleted: true },
    { customerId: c.pete, type: "purchase", at: "2026-06-16T11:00:00Z", amountPence: 2000, pointsEarned: 20 },
    { customerId: c.frank, type: "purchase", at: "2026-06-10T22:59:59Z", amountPence: 300, pointsEarned: 3 },
    { customerId: c.frank, type: "purchase", at: "2026-06-10T23:00:00Z", amountPence: 400, pointsEarned: 4 },
    { customerId: c.alice, type: "purchase", at: "2026-06-17T11:00:00Z", amountPence: 1000, pointsEarned: 10 },
  ]);
  await addVouchers(businessId, [
    { customerId: c.alice, type: "fixed", value: "5.00", createdAt: "2026-06-12T10:00:00Z" },
    { customerId: c.bob, type: "percentage", value: "10", maxDiscountPence: 300, createdAt: "2026-06-13T10:00:00Z" },
    { customerId: c.bob, type: "percentage", value: "20", createdAt: "2026-06-14T10:00:00Z" },
    { customerId: c.alice, type: "fixed", value: "7.50", status: "redeemed", createdAt: "2026-04-01T10:00:00Z" },
    { customerId: c.carol, type: "fixed", value: "100.00", status: "cancelled", createdAt: "2026-06-15T10:00:00Z" },
    { customerId: c.carol, type: "fixed", value: "50.00", status: "deleted", createdAt: "2026-06-15T11:00:00Z" },
  ]);
  return c;
}

/** Business B: lots of data on the same days, which must never reach A's figures. */
async function seedBusinessB(businessId: number) {
  const c = await addCustomers(businessId, [
    { key: "bigspender", createdAt: "2026-06-12T10:00:00Z", lastVisit: "2026-06-16T10:00:00Z", totalPoints: 5000, lifetimeSpentPence: 5_000_000, card: "created" },
    { key: "regular", createdAt: "2026-06-13T10:00:00Z", lastVisit: "2026-06-16T10:00:00Z", totalPoints: 800, lifetimeSpentPence: 40_000, card: "fallback" },
  ]);
  const txs: TxSeed[] = [];
  for (let i = 0; i < 12; i++) {
    txs.push({ customerId: c.bigspender, type: "purchase", at: `2026-06-${String(11 + (i % 7)).padStart(2, "0")}T08:00:00Z`, amountPence: 10_000, pointsEarned: 100, discountPence: 100 });
  }
  txs.push({ customerId: c.regular, type: "points_redemption", at: "2026-06-15T08:00:00Z", pointsRedeemed: 200 });
  await addTransactions(businessId, txs);
  await addVouchers(businessId, [{ customerId: c.regular, type: "fixed", value: "25.00", createdAt: "2026-06-14T10:00:00Z" }]);
  return c;
}

const get = <T>(handler: Parameters<typeof call>[0], cookie: string, now = NOW) => call<T>(handler, { cookie, headers: { "x-test-now": now } });

describe("GET /api/dashboard/*", () => {
  let a: Awaited<ReturnType<typeof createBusinessSession>>;
  let b: Awaited<ReturnType<typeof createBusinessSession>>;
  let ca: Record<string, number>;
  let cb: Record<string, number>;

  beforeAll(async () => {
    // One after the other: on a fresh database two concurrent first sign-ups race to create the
    // system settings row.
    a = await createBusinessSession();
    b = await createBusinessSession();
    ca = await seedBusinessA(a.businessId);
    cb = await seedBusinessB(b.businessId);
  });

  it("answers 401 to every endpoint when signed out", async () => {
    for (const handler of [stats, impactStats, recentCustomers, moneyMakers, superFans, weeklyStats]) {
      const res = await call(handler, { headers: { "x-test-now": NOW } });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ error: { code: "unauthorized" } });
    }
  });

  it("stats: the 7-day figures and the all-time tiles", async () => {
    const res = await get<DashboardStats>(stats, a.cookie);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      // bob (00:30 UK on 11 June) and dave; not frank (23:59 on 10 June), not parked pete or archived zed
      weeklySignups: 2,
      // 50 + 20 (pete's, parked now but the sale happened) + 4 + 10; not the deleted 999
      weeklyPointsEarned: 84,
      // fixed £5 + percentage capped at £3 + uncapped percentage £0; not cancelled or deleted
      weeklyVoucherValue: 800,
      // alice, bob, carol, dave (snoozed), erin (closed), frank, gina
      totalCustomers: 7,
      // alice (visited today), bob and frank (joined this month, never visited)
      activeCustomers: 3,
      // 50 + 70 + 25 + 20 + 3 + 4 + 10: no gift, no deleted transaction
      totalPointsEarned: 182,
      // purchases only: 5000 + 7050 + 2000 + 300 + 400 + 1000 pence
      totalTransactionValue: 157.5,
      // the redemption; the gift moves points, it does not burn them
      pointsBurned: 100,
      // alice 120 + carol 300 + dave 30; not closed erin, parked pete or archived zed
      pointsToClaim: 450,
      vouchersValue: 500 + 300 + 0 + 750,
      // the discount given on alice's purchase; not the deleted transaction's
      vouchersRedeemed: 500,
      weekStart: "2026-06-10T23:00:00.000Z",
      activeSince: "2026-03-17T12:00:00.000Z",
    });
  });

  it("stats of the second business are its own", async () => {
    const res = await get<DashboardStats>(stats, b.cookie);
    expect(res.json).toMatchObject({
      weeklySignups: 2,
      weeklyPointsEarned: 1200,
      weeklyVoucherValue: 2500,
      totalCustomers: 2,
      activeCustomers: 2,
      totalPointsEarned: 1200,
      totalTransactionValue: 1200,
      pointsBurned: 200,
      pointsToClaim: 5800,
      vouchersValue: 2500,
      vouchersRedeemed: 1200,
    });
  });

  it("the 7-day window follows the clock it is given", async () => {
    // A week later nothing above falls in the window any more, while the all-time figures stand.
    const later = await get<DashboardStats>(stats, a.cookie, "2026-06-25T12:00:00.000Z");
    expect(later.json).toMatchObject({ weeklySignups: 0, weeklyPointsEarned: 0, weeklyVoucherValue: 0, totalPointsEarned: 182, totalCustomers: 7 });
    // Four months on, nobody has visited within 3 months.
    const quiet = await get<DashboardStats>(stats, a.cookie, "2026-10-20T12:00:00.000Z");
    expect(quiet.json.activeCustomers).toBe(0);
  });

  it("impact-stats: customers, cards in use and revenue from return visits", async () => {
    const res = await get<ImpactStats>(impactStats, a.cookie);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      totalCustomers: 7,
      // alice (created) and bob (fallback); not pending, failed, closed erin's or parked pete's
      activeCards: 2,
      // alice: 5000 + 1000 after her first purchase (7050); frank: 400 after his first (300)
      revenueImpact: 64,
      returningCustomers: 2,
    });
    const other = await get<ImpactStats>(impactStats, b.cookie);
    expect(other.json).toEqual({ totalCustomers: 2, activeCards: 2, revenueImpact: 1100, returningCustomers: 1 });
  });

  it("recent-customers: the newest listed customers first", async () => {
    const res = await get<RecentCustomer[]>(recentCustomers, a.cookie);
    expect(res.status).toBe(200);
    expect(res.json.map((r) => r.id)).toEqual([ca.dave, ca.bob, ca.frank, ca.erin, ca.carol]);
    const first = res.json[0];
    expect(Object.keys(first).sort()).toEqual(["createdAt", "email", "id", "membershipNumber", "name"]);
    expect(first).toMatchObject({ name: "Dave Tester", createdAt: "2026-06-15T09:00:00.000Z" });
    expect(first.membershipNumber).toMatch(/^DB/);
    const other = await get<RecentCustomer[]>(recentCustomers, b.cookie);
    expect(other.json.map((r) => r.id)).toEqual([cb.regular, cb.bigspender]);
  });

  it("money-makers: top spenders with GBP strings, ties by who joined first", async () => {
    const res = await get<MoneyMaker[]>(moneyMakers, a.cookie);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { id: ca.alice, rank: 1, displayName: "Alice Tester", formattedSpent: "£130.50", spentPence: 13_050 },
      { id: ca.dave, rank: 2, displayName: "Dave Tester", formattedSpent: "£7.00", spentPence: 700 },
      { id: ca.frank, rank: 3, displayName: "Frank Tester", formattedSpent: "£7.00", spentPence: 700 },
    ]);
    const other = await get<MoneyMaker[]>(moneyMakers, b.cookie);
    expect(other.json.map((m) => [m.displayName, m.formattedSpent])).toEqual([
      ["Bigspender Tester", "£50,000.00"],
      ["Regular Tester", "£400.00"],
    ]);
  });

  it("super-fans: most transactions, deleted ones and parked customers left out", async () => {
    const res = await get<SuperFan[]>(superFans, a.cookie);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { id: ca.alice, rank: 1, displayName: "Alice Tester", activityCount: 4 },
      { id: ca.frank, rank: 2, displayName: "Frank Tester", activityCount: 2 },
      { id: ca.bob, rank: 3, displayName: "Bob Tester", activityCount: 1 },
      { id: ca.carol, rank: 4, displayName: "Carol Tester", activityCount: 1 },
    ]);
    const other = await get<SuperFan[]>(superFans, b.cookie);
    expect(other.json.map((f) => [f.displayName, f.activityCount])).toEqual([
      ["Bigspender Tester", 12],
      ["Regular Tester", 1],
    ]);
  });

  it("weekly-stats: one entry per UK day, oldest first, with totals equal to the stats' 7-day figures", async () => {
    const res = await get<WeeklyStats>(weeklyStats, a.cookie);
    expect(res.status).toBe(200);
    expect(res.json.days).toEqual([
      { date: "2026-06-11", signups: 1, transactions: 1, revenue: 400, pointsEarned: 4 },
      { date: "2026-06-12", signups: 0, transactions: 1, revenue: 0, pointsEarned: 0 },
      { date: "2026-06-13", signups: 0, transactions: 1, revenue: 0, pointsEarned: 0 },
      { date: "2026-06-14", signups: 0, transactions: 0, revenue: 0, pointsEarned: 0 },
      { date: "2026-06-15", signups: 1, transactions: 0, revenue: 0, pointsEarned: 0 },
      { date: "2026-06-16", signups: 0, transactions: 2, revenue: 7000, pointsEarned: 70 },
      { date: "2026-06-17", signups: 0, transactions: 1, revenue: 1000, pointsEarned: 10 },
    ]);
    expect(res.json.totals).toEqual({ signups: 2, transactions: 6, revenue: 8400, pointsEarned: 84 });
    const s = await get<DashboardStats>(stats, a.cookie);
    expect(res.json.totals.signups).toBe(s.json.weeklySignups);
    expect(res.json.totals.pointsEarned).toBe(s.json.weeklyPointsEarned);
  });

  it("weekly-stats puts rows in their UK day across the October clock change", async () => {
    const c = await createBusinessSession();
    const ids = await addCustomers(c.businessId, [{ key: "owl", createdAt: "2026-10-24T23:30:00Z" }]); // 00:30 BST on 25 Oct
    await addTransactions(c.businessId, [
      { customerId: ids.owl, type: "purchase", at: "2026-10-24T22:59:00Z", amountPence: 100 }, // 23:59 BST on 24 Oct
      { customerId: ids.owl, type: "purchase", at: "2026-10-25T23:30:00Z", amountPence: 200 }, // 23:30 GMT on 25 Oct (a 25-hour day)
      { customerId: ids.owl, type: "purchase", at: "2026-10-26T00:00:00Z", amountPence: 400 }, // midnight GMT: 26 Oct
    ]);
    const res = await get<WeeklyStats>(weeklyStats, c.cookie, "2026-10-27T12:00:00.000Z");
    const byDate = Object.fromEntries(res.json.days.map((d) => [d.date, d]));
    expect(res.json.days.map((d) => d.date)).toEqual(["2026-10-21", "2026-10-22", "2026-10-23", "2026-10-24", "2026-10-25", "2026-10-26", "2026-10-27"]);
    expect(byDate["2026-10-24"]).toMatchObject({ transactions: 1, revenue: 100, signups: 0 });
    expect(byDate["2026-10-25"]).toMatchObject({ transactions: 1, revenue: 200, signups: 1 });
    expect(byDate["2026-10-26"]).toMatchObject({ transactions: 1, revenue: 400 });
  });

  it("the page's server reads (issue 23) are what the routes answer the same business at the same moment", async () => {
    const start = await getDashboardStart(a.businessId, new Date(NOW));
    const answer = async (handler: Parameters<typeof call>[0]) => {
      const res = await get(handler, a.cookie);
      expect(res.status).toBe(200);
      return res.json as never;
    };
    expect(start.stats).toEqual({ data: await answer(stats) });
    expect(start.weekly).toEqual({ data: await answer(weeklyStats) });
    expect(start.impact).toEqual({ data: await answer(impactStats) });
    expect(start.moneyMakers).toEqual({ data: await answer(moneyMakers) });
    expect(start.superFans).toEqual({ data: await answer(superFans) });
    expect(start.recent).toEqual({ data: await answer(recentCustomers) });
    const usage = await answer(usageRoute);
    expect(start.usage).toEqual({ data: usage });
    const business: { subscriptionStatus: string; paymentFailedAt: string | null } = await answer(businessRoute);
    const { customersUsed, customersLimit } = usage as { customersUsed: number; customersLimit: number | null };
    expect(start.plan).toEqual({
      subscriptionStatus: business.subscriptionStatus,
      paymentFailedAt: business.paymentFailedAt,
      customersUsed,
      customersLimit,
      downgrade: await answer(downgradeRoute),
      trial: await answer(trialRoute),
    });
  });

  it("a business with no data gets zeros, empty lists and seven empty days", async () => {
    const empty = await createBusinessSession();
    const s = await get<DashboardStats>(stats, empty.cookie);
    expect(s.json).toMatchObject({
      weeklySignups: 0, weeklyPointsEarned: 0, weeklyVoucherValue: 0, totalCustomers: 0, activeCustomers: 0, totalPointsEarned: 0,
      totalTransactionValue: 0, pointsBurned: 0, pointsToClaim: 0, vouchersValue: 0, vouchersRedeemed: 0,
    });
    expect((await get(impactStats, empty.cookie)).json).toEqual({ totalCustomers: 0, activeCards: 0, revenueImpact: 0, returningCustomers: 0 });
    expect((await get(recentCustomers, empty.cookie)).json).toEqual([]);
    expect((await get(moneyMakers, empty.cookie)).json).toEqual([]);
    expect((await get(superFans, empty.cookie)).json).toEqual([]);
    const w = await get<WeeklyStats>(weeklyStats, empty.cookie);
    expect(w.json.days).toHaveLength(7);
    expect(w.json.totals).toEqual({ signups: 0, transactions: 0, revenue: 0, pointsEarned: 0 });
  });
});
