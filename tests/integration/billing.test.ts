/** @jest-environment node */
import { POST as upgrade } from "@/app/api/billing/upgrade/route";
import { POST as portal } from "@/app/api/billing/portal/route";
import { POST as complete } from "@/app/api/billing/simulated/complete/route";
import { POST as portalAction } from "@/app/api/billing/simulated/portal/route";
import { POST as checkoutSession } from "@/app/api/create-checkout-session/route";
import { POST as downgrade } from "@/app/api/subscription/downgrade/route";
import { GET as downgradeStatus } from "@/app/api/subscription/downgrade-status/route";
import { GET as paymentFailureStatus } from "@/app/api/subscription/payment-failure-status/route";
import { GET as trialStatus } from "@/app/api/business/trial-status/route";
import { GET as usage } from "@/app/api/subscription/usage/route";
import { POST as park } from "@/app/api/customers/[id]/park/route";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { businessWithCustomers, parkedIds } from "./billing-fixtures";

// The billing API without Stripe keys: the simulated checkout and portal drive the same state
// changes as the webhooks (tests/integration/billing-webhooks.test.ts).

const tokenOf = (url: string) => new URL(url, "http://localhost").searchParams.get("token")!;
const business = (id: number) => db.business.findUniqueOrThrow({ where: { id } });

describe("simulated checkout", () => {
  it("upgrade answers a simulated checkout URL; paying makes the business max and restores parked customers", async () => {
    const biz = await businessWithCustomers(11);
    await db.customer.update({ where: { id: biz.customerIds[10] }, data: { parkedAt: new Date(), parkedReason: "downgrade_compliance" } });
    const res = await call<{ redirectUrl: string }>(upgrade, { method: "POST", cookie: biz.cookie });
    expect(res.status).toBe(200);
    expect(res.json.redirectUrl).toMatch(/\/billing\/simulated-checkout\?token=/);
    const token = tokenOf(res.json.redirectUrl);

    const failed = await call(complete, { method: "POST", cookie: biz.cookie, body: { token, outcome: "failed" } });
    expect(failed.json).toMatchObject({ ok: false, message: "Your card was declined. No payment was taken." });
    expect((await business(biz.businessId)).subscriptionStatus).toBe("pro_starter");

    const paid = await call(complete, { method: "POST", cookie: biz.cookie, body: { token, outcome: "paid" } });
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ ok: true, redirectUrl: "/account" });
    expect((await business(biz.businessId)).subscriptionStatus).toBe("pro_max");
    expect(await parkedIds(biz.businessId)).toEqual([]);
    const u = await call(usage, { cookie: biz.cookie });
    expect(u.json).toMatchObject({ customersUsed: 11, customersLimit: null, isAtLimit: false });

    const again = await call(upgrade, { method: "POST", cookie: biz.cookie });
    expect(again.json).toEqual({ message: "You are already on the max plan." });
  });

  it("refuses a token of another business (403) and a tampered one (400)", async () => {
    const a = await businessWithCustomers(0);
    const b = await businessWithCustomers(0);
    const token = tokenOf((await call<{ redirectUrl: string }>(upgrade, { method: "POST", cookie: a.cookie })).json.redirectUrl);
    expect((await call(complete, { method: "POST", cookie: b.cookie, body: { token, outcome: "paid" } })).status).toBe(403);
    const tampered = `${token.split(".")[0]}x.${token.split(".")[1]}`;
    const bad = await call(complete, { method: "POST", cookie: a.cookie, body: { token: tampered, outcome: "paid" } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("This checkout link is invalid");
    expect((await call(complete, { method: "POST", cookie: a.cookie, body: { token, outcome: "maybe" } })).status).toBe(400);
    expect((await call(complete, { method: "POST", body: { token, outcome: "paid" } })).status).toBe(401);
    expect((await business(a.businessId)).subscriptionStatus).toBe("pro_starter");
  });

  it("the simulated portal fails a renewal, then updating the payment method recovers", async () => {
    const biz = await businessWithCustomers(0, { subscriptionStatus: "pro_max" });
    const res = await call<{ url: string }>(portal, { method: "POST", cookie: biz.cookie, body: {} });
    expect(res.json.url).toMatch(/\/billing\/simulated-portal\?token=/);
    const token = tokenOf(res.json.url);
    const now = "2026-11-10T12:00:00.000Z";
    await call(portalAction, { method: "POST", cookie: biz.cookie, body: { token, action: "fail_renewal" }, headers: { "x-test-now": now } });
    expect(await business(biz.businessId)).toMatchObject({ subscriptionStatus: "payment_failed", paymentFailedAt: new Date(now) });

    const status = await call(paymentFailureStatus, { cookie: biz.cookie, headers: { "x-test-now": "2026-11-16T13:00:00.000Z" } });
    expect(status.json).toMatchObject({ requiresAction: true, daysRemaining: 1, isUrgent: true });
    const early = await call(paymentFailureStatus, { cookie: biz.cookie, headers: { "x-test-now": "2026-11-11T12:00:00.000Z" } });
    expect(early.json).toMatchObject({ requiresAction: true, daysRemaining: 6, isUrgent: false });
    expect((await call(upgrade, { method: "POST", cookie: biz.cookie })).status).toBe(409);

    const fixed = await call(portalAction, { method: "POST", cookie: biz.cookie, body: { token, action: "update_payment" } });
    expect(fixed.json).toEqual({ message: "Payment method updated and payment received." });
    expect(await business(biz.businessId)).toMatchObject({ subscriptionStatus: "pro_max", paymentFailedAt: null });
    expect((await call(paymentFailureStatus, { cookie: biz.cookie })).json).toMatchObject({ requiresAction: false, daysRemaining: null });
  });
});

describe("downgrade and statuses", () => {
  it("schedules the downgrade 7 days ahead (simulated), reports the countdown, and refuses starter", async () => {
    const biz = await businessWithCustomers(12, { subscriptionStatus: "pro_max" });
    const now = "2026-11-01T09:00:00.000Z";
    const res = await call<{ message: string; downgradeEffectiveAt: string }>(downgrade, { method: "POST", cookie: biz.cookie, headers: { "x-test-now": now } });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Your plan moves to starter on 08/11/2026. Customers beyond your oldest 10 will then be parked until you upgrade again.");
    expect(await business(biz.businessId)).toMatchObject({ downgradeRequestedAt: new Date(now), downgradeEffectiveAt: new Date("2026-11-08T09:00:00.000Z") });
    const status = await call(downgradeStatus, { cookie: biz.cookie, headers: { "x-test-now": "2026-11-05T09:00:00.000Z" } });
    expect(status.json).toMatchObject({ isDowngrading: true, requiresAction: true, daysRemaining: 3 });
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "downgrade_requested" } })).toBe(1);

    const starter = await businessWithCustomers(0);
    const refused = await call(downgrade, { method: "POST", cookie: starter.cookie });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe("You are not on the max plan.");
    expect((await call(downgradeStatus, { cookie: starter.cookie })).json).toMatchObject({ isDowngrading: false, requiresAction: false });
  });

  it("reports the trial", async () => {
    const ends = new Date(Date.now() + 11 * 86_400_000 - 3_600_000);
    const biz = await businessWithCustomers(0, { subscriptionStatus: "trial", trialEndsAt: ends });
    const res = await call(trialStatus, { cookie: biz.cookie });
    expect(res.json).toEqual({ hasActiveTrial: true, daysRemaining: 11, trialEndDate: ends.toISOString() });
    await db.business.update({ where: { id: biz.businessId }, data: { trialEndsAt: new Date(Date.now() - 60_000) } });
    const over = await call(trialStatus, { cookie: biz.cookie });
    expect(over.json).toMatchObject({ hasActiveTrial: false, daysRemaining: 0 });
    const starter = await businessWithCustomers(0);
    expect((await call(trialStatus, { cookie: starter.cookie })).json).toEqual({ hasActiveTrial: false, daysRemaining: 0, trialEndDate: null });
  });
});

describe("parking and paid reactivation", () => {
  it("parks one customer per call with a compliance reason; validates, scopes and refuses double parking", async () => {
    const biz = await businessWithCustomers(2);
    const other = await businessWithCustomers(0);
    const id = String(biz.customerIds[1]);
    const bad = await call(park, { method: "POST", cookie: biz.cookie, params: { id }, body: { reason: "because" } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("Reason must be downgrade_compliance or payment_failure_compliance");
    expect((await call(park, { method: "POST", cookie: other.cookie, params: { id }, body: { reason: "downgrade_compliance" } })).status).toBe(404);
    const ok = await call(park, { method: "POST", cookie: biz.cookie, params: { id }, body: { reason: "downgrade_compliance" } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ parkedReason: "downgrade_compliance", scheduledDeletionAt: null });
    expect((await call(park, { method: "POST", cookie: biz.cookie, params: { id }, body: { reason: "downgrade_compliance" } })).status).toBe(409);
    expect((await call(usage, { cookie: biz.cookie })).json).toMatchObject({ customersUsed: 1 });
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "customer_parked" } })).toBe(1);
  });

  it("reactivates a parked customer once through the simulated checkout; parked again is final (28 days)", async () => {
    const biz = await businessWithCustomers(10);
    const id = biz.customerIds[9];
    await call(park, { method: "POST", cookie: biz.cookie, params: { id: String(id) }, body: { reason: "payment_failure_compliance" } });
    const start = await call<{ url: string }>(checkoutSession, { method: "POST", cookie: biz.cookie, body: { reactivateCustomerId: id } });
    expect(start.status).toBe(200);
    expect(start.json.url).toMatch(/\/billing\/simulated-checkout\?token=/);
    const done = await call(complete, { method: "POST", cookie: biz.cookie, body: { token: tokenOf(start.json.url), outcome: "paid" } });
    expect(done.json).toMatchObject({ ok: true, redirectUrl: "/customers" });
    expect(await db.customer.findUniqueOrThrow({ where: { id } })).toMatchObject({ parkedAt: null, hasBeenReactivated: true });
    expect((await business(biz.businessId)).subscriptionStatus).toBe("pro_starter");

    const now = "2026-11-01T10:00:00.000Z";
    const again = await call(park, { method: "POST", cookie: biz.cookie, params: { id: String(id) }, body: { reason: "downgrade_compliance" }, headers: { "x-test-now": now } });
    expect(again.json).toMatchObject({ scheduledDeletionAt: "2026-11-29T10:00:00.000Z" });
    const refused = await call(checkoutSession, { method: "POST", cookie: biz.cookie, body: { reactivateCustomerId: id } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe("This customer has already been reactivated once and cannot be reactivated again.");
  });

  it("refuses a reactivation when the plan is full, and a customer who is not parked", async () => {
    const biz = await businessWithCustomers(11);
    await db.customer.update({ where: { id: biz.customerIds[10] }, data: { parkedAt: new Date(), parkedReason: "trial_limit" } });
    const full = await call(checkoutSession, { method: "POST", cookie: biz.cookie, body: { reactivateCustomerId: biz.customerIds[10] } });
    expect(full.status).toBe(409);
    expect(full.json.message).toBe("There is no space on your plan to reactivate this customer. Please upgrade or free up a space first.");
    expect((await call(checkoutSession, { method: "POST", cookie: biz.cookie, body: { reactivateCustomerId: biz.customerIds[0] } })).status).toBe(404);
    expect((await call(checkoutSession, { method: "POST", cookie: biz.cookie, body: {} })).status).toBe(400);
  });
});
