/** @jest-environment node */
import { GET as billingCron } from "@/app/api/cron/billing/route";
import { POST as upgrade } from "@/app/api/billing/upgrade/route";
import { POST as portal } from "@/app/api/billing/portal/route";
import { POST as complete } from "@/app/api/billing/simulated/complete/route";
import { POST as portalAction } from "@/app/api/billing/simulated/portal/route";
import { POST as downgrade } from "@/app/api/subscription/downgrade/route";
import { POST as park } from "@/app/api/customers/[id]/park/route";
import { POST as checkoutSession } from "@/app/api/create-checkout-session/route";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { businessWithCustomers, parkedIds } from "./billing-fixtures";

// The billing job acts on every business with a moved clock: it runs in the serial phase.
const DAY = 86_400_000;
const at = (base: number, days: number, extraMs = 0) => new Date(base + days * DAY + extraMs).toISOString();
const runCron = (now: string) => call<{ job: string; ran: boolean; result: Record<string, number> }>(billingCron, { headers: { "x-test-now": now } });
const tokenOf = (url: string) => new URL(url, "http://localhost").searchParams.get("token")!;

describe("billing timelines", () => {
  it("payment failure: auto-parks the newest beyond 10 on day 7, idempotent, restores on payment", async () => {
    const biz = await businessWithCustomers(13, { subscriptionStatus: "pro_max" });
    const t0 = Date.now();
    const token = tokenOf((await call<{ url: string }>(portal, { method: "POST", cookie: biz.cookie, body: {} })).json.url);
    await call(portalAction, { method: "POST", cookie: biz.cookie, body: { token, action: "fail_renewal" }, headers: { "x-test-now": at(t0, 0) } });

    await runCron(at(t0, 6, 23 * 3_600_000));
    expect(await parkedIds(biz.businessId)).toEqual([]);

    const day7 = await runCron(at(t0, 7));
    expect(day7.json).toMatchObject({ job: "billing", ran: true });
    expect(await parkedIds(biz.businessId)).toEqual(biz.customerIds.slice(10));
    const parked = await db.customer.findMany({ where: { id: { in: biz.customerIds.slice(10) } } });
    expect(parked.every((c) => c.parkedReason === "payment_failure_compliance" && c.scheduledDeletionAt === null)).toBe(true);
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "customers_auto_parked" } })).toBe(1);

    await runCron(at(t0, 8));
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "customers_auto_parked" } })).toBe(1);

    await call(portalAction, { method: "POST", cookie: biz.cookie, body: { token, action: "update_payment" } });
    expect(await parkedIds(biz.businessId)).toEqual([]);
    expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).subscriptionStatus).toBe("pro_max");
  });

  it("downgrade: starter and auto-parking when the countdown ends, restore on upgrade", async () => {
    const biz = await businessWithCustomers(12, { subscriptionStatus: "pro_max" });
    const t0 = Date.now();
    await call(downgrade, { method: "POST", cookie: biz.cookie, headers: { "x-test-now": at(t0, 0) } });

    await runCron(at(t0, 6));
    expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).subscriptionStatus).toBe("pro_max");
    expect(await parkedIds(biz.businessId)).toEqual([]);

    await runCron(at(t0, 7, 1000));
    const after = await db.business.findUniqueOrThrow({ where: { id: biz.businessId } });
    expect(after).toMatchObject({ subscriptionStatus: "pro_starter", downgradeRequestedAt: null, downgradeEffectiveAt: null });
    expect(await parkedIds(biz.businessId)).toEqual(biz.customerIds.slice(10));
    await runCron(at(t0, 8));
    expect(await parkedIds(biz.businessId)).toEqual(biz.customerIds.slice(10));
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "subscription_downgraded" } })).toBe(1);

    const start = await call<{ redirectUrl: string }>(upgrade, { method: "POST", cookie: biz.cookie });
    await call(complete, { method: "POST", cookie: biz.cookie, body: { token: tokenOf(start.json.redirectUrl), outcome: "paid" } });
    expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).subscriptionStatus).toBe("pro_max");
    expect(await parkedIds(biz.businessId)).toEqual([]);
  });

  it("a parked customer is reactivated once; parked again it is deleted (archived) after 28 days", async () => {
    const biz = await businessWithCustomers(5);
    const id = biz.customerIds[4];
    await call(park, { method: "POST", cookie: biz.cookie, params: { id: String(id) }, body: { reason: "downgrade_compliance" } });
    await runCron(at(Date.now(), 60));
    expect((await db.customer.findUniqueOrThrow({ where: { id } })).accountStatus).not.toBe("archived"); // not final: kept

    const start = await call<{ url: string }>(checkoutSession, { method: "POST", cookie: biz.cookie, body: { reactivateCustomerId: id } });
    await call(complete, { method: "POST", cookie: biz.cookie, body: { token: tokenOf(start.json.url), outcome: "paid" } });
    const t0 = Date.now();
    await call(park, { method: "POST", cookie: biz.cookie, params: { id: String(id) }, body: { reason: "downgrade_compliance" }, headers: { "x-test-now": at(t0, 0) } });

    await runCron(at(t0, 27));
    expect((await db.customer.findUniqueOrThrow({ where: { id } })).accountStatus).toBe("active");
    await runCron(at(t0, 28, 1000));
    const gone = await db.customer.findUniqueOrThrow({ where: { id } });
    expect(gone).toMatchObject({ accountStatus: "archived", name: "Archived customer", email: `archived-${id}@archived.invalid` });
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "customers_archived" } })).toBe(1);
  });

  it("an expired referral trial returns to starter", async () => {
    const t0 = Date.now();
    const biz = await businessWithCustomers(0, { subscriptionStatus: "trial", trialEndsAt: new Date(t0 + DAY) });
    const referrer = await businessWithCustomers(0);
    await db.referral.create({ data: { referrerBusinessId: referrer.businessId, referredBusinessId: biz.businessId, trialEndsAt: new Date(t0 + DAY) } });
    await runCron(at(t0, 0));
    expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).subscriptionStatus).toBe("trial");
    await runCron(at(t0, 2));
    expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).subscriptionStatus).toBe("pro_starter");
    expect((await db.referral.findUniqueOrThrow({ where: { referredBusinessId: biz.businessId } })).trialStatus).toBe("expired");
  });
});
