/** @jest-environment node */
import { randomUUID } from "node:crypto";
import { GET as referralStats } from "@/app/api/admin/referral-stats/route";
import { GET as referralActivity } from "@/app/api/admin/referral-activity/route";
import { GET as loyaltyCards } from "@/app/api/admin/loyalty-cards/route";
import { GET as makeStats } from "@/app/api/admin/make-stats/route";
import { db } from "@/lib/db";
import { isConfigured } from "@/lib/env";
import { createSession } from "@/lib/auth/session";
import { sessionCookieName } from "@/lib/auth/cookies";
import { isReferralEndingSoon, trialStatusLabel, type ReferralActivityRow, type ReferralStats } from "@/lib/admin/monitoring/referral-rules";
import { referralDaysRemaining } from "@/lib/admin/monitoring/get-referral-stats";
import type { AdminLoyaltyCardRow, WalletStats } from "@/lib/admin/monitoring/loyalty-card-monitoring";
import { call } from "../helpers/http";
import { createBusinessSession, createStaffSession, randomMobile } from "../helpers/factories";

// Serial: the stats count referrals and passes across the whole platform.

const DAY = 86_400_000;
const uid = () => randomUUID().slice(0, 8);

async function adminCookie() {
  const admin = await db.superAdmin.create({ data: { email: `admin-${uid()}@example.test`, name: "Ada Admin", passwordHash: "x" } });
  const session = await createSession({ kind: "admin", superAdminId: admin.id });
  return `${sessionCookieName()}=${session.cookieValue}`;
}
const business = (name: string, accountStatus = "active") =>
  db.business.create({
    data: { name, businessAddress: "1 High Street, Leeds", phone: "07700900123", email: `${uid()}@example.test`, ownerFirstName: "Ann", ownerLastName: "Owner", passwordHash: "x", accountStatus },
  });
async function card(businessId: number, passkitStatus: string, name = `Cust ${uid()}`) {
  const n = uid();
  const customer = await db.customer.create({ data: { businessId, firstName: name, lastName: "X", name, email: `${n}@example.test`, phone: randomMobile(), membershipNumber: `M-${n}` } });
  return db.loyaltyCard.create({ data: { businessId, customerId: customer.id, membershipNumber: customer.membershipNumber, cardNumber: `C-${n}`, passkitStatus, passUrl: passkitStatus === "created" ? `https://example.test/p/${n}` : null } });
}
const referral = (referrerBusinessId: number, referredBusinessId: number, trialStatus: string, endsInMs: number, now = Date.now()) =>
  db.referral.create({ data: { referrerBusinessId, referredBusinessId, trialDays: 28, trialStartedAt: new Date(now - 10 * DAY), trialEndsAt: new Date(now + endsInMs), trialStatus } });

describe("referral monitoring", () => {
  it("counts referrals, live trials and conversions, and lists activity with days remaining", async () => {
    const cookie = await adminCookie();
    const before = (await call<ReferralStats>(referralStats, { cookie })).json;
    const referrer = await business("Referrer Cafe");
    const [r1, r2, r3, r4] = await Promise.all(["Soon Cafe", "Later Cafe", "Converted Cafe", "Lapsed Cafe"].map((n) => business(n)));
    const soon = await referral(referrer.id, r1.id, "active", 6 * DAY + 3_600_000); // 6 days 1 hour -> 7 days
    const later = await referral(referrer.id, r2.id, "active", 12 * DAY);
    const converted = await referral(referrer.id, r3.id, "converted", 5 * DAY);
    const lapsed = await referral(referrer.id, r4.id, "active", -DAY); // ended, not yet processed

    const stats = await call<ReferralStats>(referralStats, { cookie });
    expect(stats.status).toBe(200);
    const total = before.totalReferrals + 4;
    const conversions = before.conversions + 1;
    expect(stats.json).toEqual({ totalReferrals: total, activeTrials: before.activeTrials + 2, conversions, conversionRate: Math.round((conversions / total) * 1000) / 10 });

    const activity = await call<ReferralActivityRow[]>(referralActivity, { cookie });
    expect(activity.status).toBe(200);
    const byId = (id: number) => activity.json.find((r) => r.id === id);
    expect(byId(soon.id)).toEqual({
      id: soon.id, businessName: "Soon Cafe", businessEmail: r1.email, referrerName: "Referrer Cafe", referrerId: referrer.id,
      trialStatus: "active", trialDuration: 28, daysRemaining: 7, createdAt: soon.trialStartedAt.toISOString(),
    });
    expect(byId(later.id)?.daysRemaining).toBe(12);
    expect(byId(converted.id)).toMatchObject({ trialStatus: "converted", daysRemaining: 0 });
    expect(byId(lapsed.id)?.daysRemaining).toBe(0);

    const moved = await call<ReferralActivityRow[]>(referralActivity, { cookie, headers: { "x-test-now": new Date(Date.now() + 5 * DAY).toISOString() } });
    expect(moved.json.find((r) => r.id === later.id)?.daysRemaining).toBe(7);
  });
});

describe("loyalty-card monitoring", () => {
  it("lists cards across businesses with filters by business and pass status", async () => {
    const cookie = await adminCookie();
    const a = await business("Alpha Cafe");
    const b = await business("Beta Cafe");
    const gone = await business("Gone Cafe", "deleted");
    const created = await card(a.id, "created", "Cara Created");
    const failed = await card(a.id, "failed");
    const fallback = await card(b.id, "fallback");
    await card(gone.id, "created");

    const forA = await call<AdminLoyaltyCardRow[]>(loyaltyCards, { cookie, path: `/api/admin/loyalty-cards?businessId=${a.id}` });
    expect(forA.status).toBe(200);
    expect(forA.json.map((c) => c.id).sort()).toEqual([created.id, failed.id].sort());
    expect(forA.json.find((c) => c.id === created.id)).toEqual({
      id: created.id, customerName: "Cara Created", customerEmail: expect.stringContaining("@example.test"), businessName: "Alpha Cafe",
      membershipNumber: created.membershipNumber, passkitStatus: "created", passUrl: created.passUrl, createdAt: created.createdAt.toISOString(),
      registrations: 0, lastPushAt: null, lastPushError: null, pushPending: false,
    });
    const failedA = await call<AdminLoyaltyCardRow[]>(loyaltyCards, { cookie, path: `/api/admin/loyalty-cards?businessId=${a.id}&status=failed` });
    expect(failedA.json.map((c) => c.id)).toEqual([failed.id]);
    const allFallback = await call<AdminLoyaltyCardRow[]>(loyaltyCards, { cookie, path: "/api/admin/loyalty-cards?status=fallback&businessId=all" });
    expect(allFallback.json.map((c) => c.id)).toContain(fallback.id);
    expect(allFallback.json.every((c) => c.passkitStatus === "fallback")).toBe(true);
    expect((await call<AdminLoyaltyCardRow[]>(loyaltyCards, { cookie, path: `/api/admin/loyalty-cards?businessId=${gone.id}` })).json).toEqual([]);

    const bad = await call<{ message: string }>(loyaltyCards, { cookie, path: "/api/admin/loyalty-cards?status=shiny" });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("status must be one of");
    expect((await call(loyaltyCards, { cookie, path: "/api/admin/loyalty-cards?businessId=abc" })).status).toBe(400);
  });

  it("counts passes by outcome and says which providers are configured", async () => {
    const cookie = await adminCookie();
    const before = (await call<WalletStats>(makeStats, { cookie })).json;
    const c = await business("Gamma Cafe");
    await card(c.id, "created");
    await card(c.id, "created");
    await card(c.id, "fallback");
    await card(c.id, "failed");
    await card(c.id, "pending");
    const res = await call<WalletStats>(makeStats, { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      totalPasses: before.totalPasses + 5,
      successfulPasses: before.successfulPasses + 2,
      fallbackPasses: before.fallbackPasses + 1,
      failedPasses: before.failedPasses + 1,
      activeBusinesses: before.activeBusinesses + 1,
      integrations: { apple: isConfigured.apple, google: isConfigured.google, sms: isConfigured.sms, email: isConfigured.email, stripe: isConfigured.stripe },
    });
  });

  it("refuses owners and staff with 403", async () => {
    const biz = await createBusinessSession();
    const staff = await createStaffSession(biz.businessId);
    for (const cookie of [biz.cookie, staff.cookie]) {
      for (const handler of [referralStats, referralActivity, loyaltyCards, makeStats]) expect((await call(handler, { cookie })).status).toBe(403);
    }
  });
});

describe("referral rules", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("rounds days remaining up for active trials and gives 0 otherwise", () => {
    expect(referralDaysRemaining("active", new Date("2026-11-22T14:00:00Z"), now)).toBe(1);
    expect(referralDaysRemaining("active", new Date("2026-11-29T12:00:00Z"), now)).toBe(7);
    expect(referralDaysRemaining("active", new Date("2026-11-29T12:00:01Z"), now)).toBe(8);
    expect(referralDaysRemaining("active", new Date("2026-11-21T12:00:00Z"), now)).toBe(0);
    expect(referralDaysRemaining("converted", new Date("2026-12-20T12:00:00Z"), now)).toBe(0);
  });
  it("highlights active trials with 7 days or fewer and labels the statuses", () => {
    expect(isReferralEndingSoon({ trialStatus: "active", daysRemaining: 7 })).toBe(true);
    expect(isReferralEndingSoon({ trialStatus: "active", daysRemaining: 8 })).toBe(false);
    expect(isReferralEndingSoon({ trialStatus: "converted", daysRemaining: 0 })).toBe(false);
    expect([trialStatusLabel("active"), trialStatusLabel("converted"), trialStatusLabel("expired")]).toEqual(["Active Trial", "Converted", "Expired"]);
  });
});
