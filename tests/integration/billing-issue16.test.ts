/** @jest-environment node */
import { POST as complete } from "@/app/api/billing/simulated/complete/route";
import { POST as checkoutSession } from "@/app/api/create-checkout-session/route";
import { PUT as updateBusiness } from "@/app/api/admin/businesses/[id]/route";
import { POST as loginAs } from "@/app/api/admin/login-as/[id]/route";
import { POST as downgrade } from "@/app/api/subscription/downgrade/route";
import { POST as processExpiredTrials } from "@/app/api/admin/process-expired-trials/route";
import { db } from "@/lib/db";
import { getAdminStats, ukMonthStart } from "@/lib/admin/get-admin-stats";
import { assertCanAddCustomer } from "@/lib/customers/customer-usage";
import { PAYMENT_FAILED_LIMIT_MESSAGE, STARTER_LIMIT_MESSAGE, UPGRADE_LIMIT_MESSAGE } from "@/lib/rules/plans";
import { call } from "../helpers/http";
import { businessWithCustomers, insertCustomers, parkedIds } from "./billing-fixtures";
import { adminSession } from "./admin-fixtures";
import { activityActions, billingEmails, send, stripeStory, withStripe } from "./billing-stripe-fixtures";

// Issue 16, one test per defect named in the issue (items 1, 5, 6, 7; items 2 and 3 are in
// billing-replay.test.ts, item 8 in tests/components/billing-plan-texts.test.tsx).

const NO_SPACE = "There is no space on your plan to reactivate this customer. Please upgrade or free up a space first.";
const tokenOf = (url: string) => decodeURIComponent(new URL(url, "http://x").searchParams.get("token")!);
const activeCount = (businessId: number) => db.customer.count({ where: { businessId, parkedAt: null, accountStatus: { notIn: ["closed", "archived"] } } });
const park = (ids: number[]) => db.customer.updateMany({ where: { id: { in: ids } }, data: { parkedAt: new Date(), parkedReason: "downgrade_compliance" } });

async function startReactivation(cookie: string, customerId: number) {
  const res = await call<{ url: string }>(checkoutSession, { method: "POST", cookie, body: { reactivateCustomerId: customerId } });
  expect(res.status).toBe(200);
  return tokenOf(res.json.url);
}

describe("issue 16.1: the customer limit holds when a reactivation checkout completes", () => {
  it("simulated: space checked at the start is checked again at completion (a customer added meanwhile fills the plan)", async () => {
    const biz = await businessWithCustomers(11);
    await park(biz.customerIds.slice(9)); // 9 active, 2 parked
    const token = await startReactivation(biz.cookie, biz.customerIds[10]);
    await insertCustomers(biz.businessId, 1); // the 10th place is taken while the checkout is open
    const done = await call(complete, { method: "POST", cookie: biz.cookie, body: { token, outcome: "paid" } });
    expect([done.status, done.json.message]).toEqual([409, NO_SPACE]);
    expect(await activeCount(biz.businessId)).toBe(10);
    expect(await db.customer.findUniqueOrThrow({ where: { id: biz.customerIds[10] } })).toMatchObject({ hasBeenReactivated: false });
    expect(await parkedIds(biz.businessId)).toEqual(biz.customerIds.slice(9));
  });

  it("two reactivation checkouts completing at the same moment take one place, not two", async () => {
    const biz = await businessWithCustomers(11);
    await park(biz.customerIds.slice(9));
    const a = await startReactivation(biz.cookie, biz.customerIds[9]);
    const b = await startReactivation(biz.cookie, biz.customerIds[10]);
    const results = await Promise.all([a, b].map((token) => call(complete, { method: "POST", cookie: biz.cookie, body: { token, outcome: "paid" } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await activeCount(biz.businessId)).toBe(10);
  });

  it("Stripe: a paid reactivation with no space left changes nothing and is logged for a refund; unpaid reactivates nobody", async () => {
    await withStripe(async (webhook) => {
      const biz = await businessWithCustomers(12);
      await park(biz.customerIds.slice(10)); // 10 active: full
      const s = stripeStory(biz.businessId);
      expect((await send(webhook, s.reactivationCompleted(biz.customerIds[10], 1))).status).toBe(200);
      expect(await activeCount(biz.businessId)).toBe(10);
      expect(await parkedIds(biz.businessId)).toEqual(biz.customerIds.slice(10));
      expect(await activityActions(biz.businessId)).toContain("customer_reactivation_no_space");

      await db.customer.update({ where: { id: biz.customerIds[0] }, data: { accountStatus: "closed" } }); // a place frees up
      expect((await send(webhook, s.reactivationCompleted(biz.customerIds[11], 2, "unpaid"))).status).toBe(200);
      expect(await parkedIds(biz.businessId)).toEqual(biz.customerIds.slice(10));
      expect((await send(webhook, s.reactivationCompleted(biz.customerIds[11], 3))).status).toBe(200);
      expect(await parkedIds(biz.businessId)).toEqual([biz.customerIds[10]]);
    });
  });
});

describe("issue 16.5: admin plan edits go through the same transitions as Stripe", () => {
  const put = (cookie: string, businessId: number, body: Record<string, unknown>) => call<{ business: Record<string, unknown> }>(updateBusiness, { method: "PUT", cookie, params: { id: String(businessId) }, body });

  it("payment_failed starts the 7-day grace (paymentFailedAt), mails the owner, and logs the admin without 'on behalf of'", async () => {
    const admin = await adminSession("Pat Admin");
    const biz = await businessWithCustomers(3, { subscriptionStatus: "pro_max" });
    const now = "2026-11-10T12:00:00.000Z";
    const res = await call(updateBusiness, { method: "PUT", cookie: admin.cookie, params: { id: String(biz.businessId) }, body: { subscriptionStatus: "payment_failed" }, headers: { "x-test-now": now } });
    expect(res.status).toBe(200);
    expect(await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).toMatchObject({ subscriptionStatus: "payment_failed", paymentFailedAt: new Date(now) });
    expect(await billingEmails(biz.businessId)).toEqual(["billing_payment_failed"]);
    const rows = await db.activityLog.findMany({ where: { businessId: biz.businessId, actorType: "admin" } });
    expect(rows.map((r) => r.action).sort()).toEqual(["admin_business_updated", "payment_failed"]);
    for (const r of rows) {
      expect(r.description).toContain("(by super admin Pat Admin)");
      expect(r.description).not.toContain("on behalf of the business");
    }
  });

  it("moving a 30-customer business with limit 999999 to starter sets limit 10 and parks the newest 20", async () => {
    const admin = await adminSession();
    const biz = await businessWithCustomers(30, { subscriptionStatus: "pro_max", customerLimit: 999_999 });
    const res = await put(admin.cookie, biz.businessId, { subscriptionStatus: "pro_starter" });
    expect(res.status).toBe(200);
    expect(res.json.business).toMatchObject({ subscriptionStatus: "pro_starter", customerLimit: 10 });
    expect(await parkedIds(biz.businessId)).toEqual(biz.customerIds.slice(10));
    expect(await activityActions(biz.businessId)).toEqual(expect.arrayContaining(["subscription_ended", "customers_auto_parked", "admin_business_updated"]));
    expect(await billingEmails(biz.businessId)).toEqual(["billing_moved_to_starter"]);

    // And back to max: the parked customers return, as after a Stripe upgrade.
    await put(admin.cookie, biz.businessId, { subscriptionStatus: "pro_max" });
    expect(await parkedIds(biz.businessId)).toEqual([]);
  });

  it("the admin's 'process expired trials' moves a trial through the machine: limit 10 and the newest customers beyond it parked", async () => {
    const admin = await adminSession();
    const biz = await businessWithCustomers(12, { subscriptionStatus: "trial", customerLimit: 10, trialEndsAt: new Date(Date.now() - 60_000) });
    const res = await call<{ processed: number; businessIds: number[] }>(processExpiredTrials, { method: "POST", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.json.businessIds).toContain(biz.businessId);
    expect(await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).toMatchObject({ subscriptionStatus: "pro_starter", customerLimit: 10 });
    expect(await parkedIds(biz.businessId)).toEqual(biz.customerIds.slice(10));
    expect(await activityActions(biz.businessId)).toEqual(expect.arrayContaining(["trial_expired"]));
  });

  it("re-sending the current status is not a plan move (a pending downgrade and a custom limit stay)", async () => {
    const admin = await adminSession();
    const effective = new Date(Date.now() + 5 * 86_400_000);
    const biz = await businessWithCustomers(12, { subscriptionStatus: "pro_max", downgradeRequestedAt: new Date(), downgradeEffectiveAt: effective });
    expect((await put(admin.cookie, biz.businessId, { name: "Same Plan Café", subscriptionStatus: "pro_max" })).status).toBe(200);
    expect(await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).toMatchObject({ subscriptionStatus: "pro_max", downgradeEffectiveAt: effective });
    const starter = await businessWithCustomers(12, { customerLimit: 50 });
    expect((await put(admin.cookie, starter.businessId, { subscriptionStatus: "pro_starter" })).json.business).toMatchObject({ customerLimit: 50 });
    expect(await parkedIds(starter.businessId)).toEqual([]);
  });

  it("says 'on behalf of the business' when the admin acts inside the business (login as)", async () => {
    const admin = await adminSession("Ivy Impersonator");
    const biz = await businessWithCustomers(2, { subscriptionStatus: "pro_max" });
    expect((await call(loginAs, { method: "POST", cookie: admin.cookie, params: { id: String(biz.businessId) } })).status).toBe(200);
    expect((await call(downgrade, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    const row = await db.activityLog.findFirstOrThrow({ where: { businessId: biz.businessId, action: "downgrade_requested" } });
    expect(row.description).toContain("(by super admin Ivy Impersonator on behalf of the business)");
  });
});

describe("issue 16.6: the limit message matches the business's real plan", () => {
  it.each([
    ["pro_starter", STARTER_LIMIT_MESSAGE],
    ["trial", UPGRADE_LIMIT_MESSAGE],
    ["payment_failed", PAYMENT_FAILED_LIMIT_MESSAGE],
  ])("%s at its limit", async (subscriptionStatus, message) => {
    const biz = await businessWithCustomers(10, { subscriptionStatus });
    await expect(assertCanAddCustomer(biz.businessId)).rejects.toMatchObject({ message });
  });

  it("uses the spec's text 'Customer limit reached - Upgrade to Pro Max to add more customers'", () => {
    expect(UPGRADE_LIMIT_MESSAGE).toBe("Customer limit reached - Upgrade to Pro Max to add more customers");
  });
});

describe("issue 16.7: admin month counts start at 00:00 UK time", () => {
  it("a sign-up at 00:10 BST on 1 April counts in April (UTC would say March)", async () => {
    const now = new Date("2031-03-31T23:30:00Z"); // 00:30 BST, 1 April 2031
    expect(ukMonthStart(now)).toEqual(new Date("2031-03-31T23:00:00Z"));
    expect(ukMonthStart(new Date("2031-01-15T12:00:00Z"))).toEqual(new Date("2031-01-01T00:00:00Z"));
    const april = await businessWithCustomers(0);
    const march = await businessWithCustomers(0);
    await db.business.update({ where: { id: april.businessId }, data: { createdAt: new Date("2031-03-31T23:10:00Z") } });
    await db.business.update({ where: { id: march.businessId }, data: { createdAt: new Date("2031-03-31T22:50:00Z") } });
    expect((await getAdminStats(now)).signupsThisMonth).toBe(1);
  });
});
