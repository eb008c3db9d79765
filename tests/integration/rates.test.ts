/** @jest-environment node */
import { randomUUID } from "node:crypto";
import { PUT as putMinimumRedemption } from "@/app/api/business/minimum-redemption/route";
import { PUT as putNewCustomerRates } from "@/app/api/business/new-customer-rates/route";
import { GET as getAuditTrail } from "@/app/api/business/points-audit-trail/route";
import { GET as getProfile } from "@/app/api/business/profile/route";
import { POST as updateRates } from "@/app/api/customers/update-rates/route";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { createSession } from "@/lib/auth/session";
import { sessionCookieName } from "@/lib/auth/cookies";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import type { PointsAuditTrailDto } from "@/lib/rates/audit-trail-dto";
import type { BusinessProfileDto } from "@/lib/business/business-dto";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession, TEST_PASSWORD } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";

const WRONG_PASSWORD = "Incorrect password. Please check it and try again.";

async function adminActingAs(businessId: number, password = "Admin-pass1!") {
  const admin = await db.superAdmin.create({
    data: { email: `admin-${randomUUID().slice(0, 8)}@example.test`, name: "Ada Admin", passwordHash: await hashPassword(password) },
  });
  const session = await createSession({ kind: "admin", superAdminId: admin.id, actingBusinessId: businessId });
  return { cookie: `${sessionCookieName()}=${session.cookieValue}`, password };
}

const customerRow = (id: number) => db.customer.findUniqueOrThrow({ where: { id } });

describe("PUT /api/business/minimum-redemption", () => {
  it("applies to the business and all its customers at once, and to no other business's customers", async () => {
    const biz = await createBusinessSession();
    const other = await createBusinessSession();
    const a = await addCustomer(biz.cookie);
    const b = await addCustomer(biz.cookie);
    const asleep = await addCustomer(biz.cookie);
    const closed = await addCustomer(biz.cookie);
    const outsider = await addCustomer(other.cookie);
    await db.customer.update({ where: { id: asleep.id }, data: { sleepStatus: "asleep" } });
    await db.customer.update({ where: { id: closed.id }, data: { accountStatus: "closed", closedAt: new Date() } });
    await db.customer.update({ where: { id: b.id }, data: { minimumRedemption: 40 } }); // an individual minimum is overridden too

    const at = "2026-11-20T10:00:00.000Z";
    const res = await call<{ message: string; customersUpdated: number; profile: BusinessProfileDto }>(putMinimumRedemption, {
      method: "PUT",
      cookie: biz.cookie,
      body: { minimumRedemption: 250 },
      headers: { "x-test-now": at },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: "Minimum redemption updated successfully", customersUpdated: 3 });
    expect(res.json.profile).toMatchObject({ minimumRedemption: 250, previousMinimumRedemption: 100, minimumRedemptionUpdatedAt: at, minimumRedemptionUpdatedBy: "Testa Owner" });

    expect((await customerRow(a.id)).minimumRedemption).toBe(250);
    expect((await customerRow(b.id)).minimumRedemption).toBe(250);
    expect((await customerRow(asleep.id)).minimumRedemption).toBe(250);
    expect((await customerRow(closed.id)).minimumRedemption).toBe(100); // closed accounts are read-only
    expect((await customerRow(outsider.id)).minimumRedemption).toBe(100);
    const otherBusiness = await db.business.findUniqueOrThrow({ where: { id: other.businessId } });
    expect(otherBusiness.minimumRedemption).toBe(100);

    const change = await db.rateChange.findFirstOrThrow({ where: { businessId: biz.businessId, scope: "minimum_redemption" } });
    expect(change).toMatchObject({ oldValues: { minimumRedemption: 100 }, newValues: { minimumRedemption: 250 }, changedBy: "Testa Owner" });
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "minimum_redemption_updated" } })).toBe(1);

    const profile = await call<BusinessProfileDto>(getProfile, { cookie: biz.cookie });
    expect(profile.json.minimumRedemption).toBe(250);
  });

  it("records from/to for the audit log card, newest first", async () => {
    const biz = await createBusinessSession();
    const empty = await call<PointsAuditTrailDto>(getAuditTrail, { cookie: biz.cookie });
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ latestMinimumRedemptionChange: null, changes: [] });

    await call(putMinimumRedemption, { method: "PUT", cookie: biz.cookie, body: { minimumRedemption: 200 }, headers: { "x-test-now": "2026-11-20T10:00:00.000Z" } });
    await call(putMinimumRedemption, { method: "PUT", cookie: biz.cookie, body: { minimumRedemption: "300" }, headers: { "x-test-now": "2026-11-21T10:00:00.000Z" } });
    const trail = await call<PointsAuditTrailDto>(getAuditTrail, { cookie: biz.cookie });
    expect(trail.json.latestMinimumRedemptionChange).toEqual({ date: "2026-11-21T10:00:00.000Z", updatedBy: "Testa Owner", from: 200, to: 300 });
    expect(trail.json.changes.map((c) => [c.scope, c.oldValues.minimumRedemption, c.newValues.minimumRedemption])).toEqual([
      ["minimum_redemption", 200, 300],
      ["minimum_redemption", 100, 200],
    ]);
  });

  it.each([
    [{}, "Please enter a minimum redemption value"],
    [{ minimumRedemption: null }, "Please enter a minimum redemption value"],
    [{ minimumRedemption: "" }, "Please enter a minimum redemption value"],
    [{ minimumRedemption: 0 }, "Minimum redemption must be between 1 and 10,000 points"],
    [{ minimumRedemption: 10_001 }, "Minimum redemption must be between 1 and 10,000 points"],
    [{ minimumRedemption: 12.5 }, "Minimum redemption must be between 1 and 10,000 points"],
    [{ minimumRedemption: "lots" }, "Minimum redemption must be between 1 and 10,000 points"],
  ])("refuses %j with the spec's message", async (body, message) => {
    const biz = await createBusinessSession();
    const res = await call(putMinimumRedemption, { method: "PUT", cookie: biz.cookie, body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message, error: { code: "bad_request", message } });
    expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).minimumRedemption).toBe(100);
  });

  it("accepts the bounds 1 and 10,000", async () => {
    const biz = await createBusinessSession();
    for (const v of [1, 10_000]) {
      const res = await call(putMinimumRedemption, { method: "PUT", cookie: biz.cookie, body: { minimumRedemption: v } });
      expect(res.status).toBe(200);
    }
  });

  it("answers 400 for malformed bodies and 401 without a session", async () => {
    const biz = await createBusinessSession();
    for (const rawBody of ["{nope", "[]", "null", "7"]) {
      const res = await call(putMinimumRedemption, { method: "PUT", cookie: biz.cookie, rawBody, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
    }
    expect((await call(putMinimumRedemption, { method: "PUT", body: { minimumRedemption: 5 } })).status).toBe(401);
    expect((await call(getAuditTrail, {})).status).toBe(401);
  });
});

describe("PUT /api/business/new-customer-rates", () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    newCustomerPointsPerPound: 2,
    newCustomerRedemptionValue: 1.5,
    reason: "Grand opening",
    password: TEST_PASSWORD,
    ...overrides,
  });

  it("sets the starting rates of customers created afterwards only, with audit and activity rows", async () => {
    const biz = await createBusinessSession();
    const before = await addCustomer(biz.cookie);
    const res = await call<{ message: string; profile: BusinessProfileDto }>(putNewCustomerRates, { method: "PUT", cookie: biz.cookie, body: body() });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("New customer rates updated successfully");
    expect(res.json.profile).toMatchObject({ newCustomerPointsPerPound: 2, newCustomerRedemptionValue: "1.50", pointsPerPound: 1, redemptionValue: "1.00" });

    const after = await addCustomer(biz.cookie);
    expect(after).toMatchObject({ pointsPerPound: 2, redemptionValue: "1.50" });
    const unchanged = await customerRow(before.id);
    expect(Number(unchanged.pointsPerPound)).toBe(1);
    expect(Number(unchanged.redemptionValue)).toBe(1);

    const change = await db.rateChange.findFirstOrThrow({ where: { businessId: biz.businessId, scope: "new_customer_rates" } });
    expect(change).toMatchObject({
      oldValues: { newCustomerPointsPerPound: "1.00", newCustomerRedemptionValue: "1.00" },
      newValues: { newCustomerPointsPerPound: "2.00", newCustomerRedemptionValue: "1.50" },
      reason: "Grand opening",
      changedBy: "Testa Owner",
    });
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "new_customer_rates_updated" } })).toBe(1);
  });

  it.each([
    [{ newCustomerPointsPerPound: undefined }, "Please fill in all required fields"],
    [{ newCustomerRedemptionValue: "" }, "Please fill in all required fields"],
    [{ reason: "   " }, "Please fill in all required fields"],
    [{ password: undefined }, "Please fill in all required fields"],
    [{ newCustomerPointsPerPound: 0 }, "Points per pound must be a positive number"],
    [{ newCustomerPointsPerPound: -2 }, "Points per pound must be a positive number"],
    [{ newCustomerPointsPerPound: "many" }, "Points per pound must be a positive number"],
    [{ newCustomerRedemptionValue: 0 }, "Point value must be a positive number"],
    [{ newCustomerRedemptionValue: -1 }, "Point value must be a positive number"],
  ])("refuses %j with the spec's message", async (overrides, message) => {
    const biz = await createBusinessSession();
    const res = await call(putNewCustomerRates, { method: "PUT", cookie: biz.cookie, body: body(overrides) });
    expectRefusal(res, 400, message);
  });

  it("refuses a wrong password with a clear message and changes nothing", async () => {
    const biz = await createBusinessSession();
    const res = await call(putNewCustomerRates, { method: "PUT", cookie: biz.cookie, body: body({ password: "Wrong-pass1!" }) });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ message: WRONG_PASSWORD });
    const row = await db.business.findUniqueOrThrow({ where: { id: biz.businessId } });
    expect(Number(row.newCustomerPointsPerPound)).toBe(1);
    expect(await db.rateChange.count({ where: { businessId: biz.businessId } })).toBe(0);
  });

  it("locks out after 5 wrong passwords, even the right one, until the window ends", async () => {
    const biz = await createBusinessSession();
    for (let i = 0; i < 5; i++) {
      const res = await call(putNewCustomerRates, { method: "PUT", cookie: biz.cookie, body: body({ password: `Wrong-${i}` }) });
      expect(res.status).toBe(403);
    }
    const locked = await call(putNewCustomerRates, { method: "PUT", cookie: biz.cookie, body: body() });
    expect(locked.status).toBe(429);
    expect(locked.json.message).toMatch(/^Too many incorrect passwords\. Please try again in \d+ minutes?\.$/);
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
    // The same lock guards the individual rates.
    const c = await addCustomer(biz.cookie);
    const individual = await call(updateRates, { method: "POST", cookie: biz.cookie, body: { customerId: c.id, earningRate: 2, redemptionValue: 1, minimumRedemption: 100, password: TEST_PASSWORD } });
    expect(individual.status).toBe(429);
    // 16 minutes later the window has passed.
    const later = await call(putNewCustomerRates, { method: "PUT", cookie: biz.cookie, body: body(), headers: { "x-test-now": new Date(Date.now() + 16 * 60_000).toISOString() } });
    expect(later.status).toBe(200);
  });

  it("asks a super admin acting as the business for their own admin password", async () => {
    const biz = await createBusinessSession();
    const admin = await adminActingAs(biz.businessId);
    const withOwnerPassword = await call(putNewCustomerRates, { method: "PUT", cookie: admin.cookie, body: body() });
    expect(withOwnerPassword.status).toBe(403);
    expect(withOwnerPassword.json.message).toBe("Incorrect password. While acting as a business, enter your own super admin password.");
    const ok = await call(putNewCustomerRates, { method: "PUT", cookie: admin.cookie, body: body({ password: admin.password }) });
    expect(ok.status).toBe(200);
    const change = await db.rateChange.findFirstOrThrow({ where: { businessId: biz.businessId, scope: "new_customer_rates" } });
    expect(change.changedBy).toBe("Ada Admin (super admin)");
    const activity = await db.activityLog.findFirstOrThrow({ where: { businessId: biz.businessId, action: "new_customer_rates_updated" } });
    expect(activity).toMatchObject({ actorType: "admin" });
    expect(activity.description).toMatch(/by super admin Ada Admin on behalf of the business/);
  });
});

describe("POST /api/customers/update-rates", () => {
  const body = (customerId: number, overrides: Record<string, unknown> = {}) => ({
    customerId,
    earningRate: 1.5,
    redemptionValue: 1.25,
    minimumRedemption: 50,
    password: TEST_PASSWORD,
    ...overrides,
  });

  it("changes one customer's rates, password-confirmed, with audit and activity rows", async () => {
    const biz = await createBusinessSession();
    const target = await addCustomer(biz.cookie);
    const bystander = await addCustomer(biz.cookie);
    const res = await call<{ message: string; customer: CustomerDto }>(updateRates, { method: "POST", cookie: biz.cookie, body: body(target.id) });
    expect(res.status).toBe(200);
    expect(res.json.customer).toMatchObject({ id: target.id, pointsPerPound: 1.5, redemptionValue: "1.25", minimumRedemption: 50 });

    const row = await customerRow(target.id);
    expect(Number(row.pointsPerPound)).toBe(1.5);
    expect(Number(row.redemptionValue)).toBe(1.25);
    expect(row.minimumRedemption).toBe(50);
    const other = await customerRow(bystander.id);
    expect(Number(other.pointsPerPound)).toBe(1);

    const change = await db.rateChange.findFirstOrThrow({ where: { businessId: biz.businessId, scope: "customer_rates" } });
    expect(change).toMatchObject({
      customerId: target.id,
      oldValues: { pointsPerPound: "1.00", redemptionValue: "1.00", minimumRedemption: 100 },
      newValues: { pointsPerPound: "1.50", redemptionValue: "1.25", minimumRedemption: 50 },
      changedBy: "Testa Owner",
    });
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "customer_rates_updated", recordId: String(target.id) } })).toBe(1);

    const trail = await call<PointsAuditTrailDto>(getAuditTrail, { cookie: biz.cookie });
    expect(trail.json.changes[0]).toMatchObject({ scope: "customer_rates", customerId: target.id, customerName: target.name });
    expect(trail.json.latestMinimumRedemptionChange).toBeNull();
  });

  it("keeps three decimals of a redemption value", async () => {
    const biz = await createBusinessSession();
    const c = await addCustomer(biz.cookie);
    const res = await call(updateRates, { method: "POST", cookie: biz.cookie, body: body(c.id, { earningRate: "0.1", redemptionValue: "0.001", minimumRedemption: "1" }) });
    expect(res.status).toBe(200);
    const row = await customerRow(c.id);
    expect(row.redemptionValue.toString()).toBe("0.001");
    expect(Number(row.pointsPerPound)).toBe(0.1);
    expect(row.minimumRedemption).toBe(1);
  });

  it.each([
    [{ customerId: undefined }, "Please select a customer to update rates for"],
    [{ customerId: "" }, "Please select a customer to update rates for"],
    [{ customerId: 0 }, "Please select a customer to update rates for"],
    [{ password: "" }, "Please enter your password to confirm rate changes"],
    [{ password: undefined }, "Please enter your password to confirm rate changes"],
    [{ earningRate: 0.05 }, "Earning rate must be at least 0.1 points per £1"],
    [{ earningRate: 1.25 }, "Earning rate must be in steps of 0.1"],
    [{ redemptionValue: 0 }, "Redemption value must be at least 0.001"],
    [{ redemptionValue: 0.0005 }, "Redemption value must be at least 0.001"],
    [{ minimumRedemption: 0 }, "Minimum redemption must be between 1 and 10,000 points"],
    [{ minimumRedemption: 2.5 }, "Minimum redemption must be between 1 and 10,000 points"],
    [{ earningRate: undefined }, "Please enter an earning rate"],
  ])("refuses %j with a readable message", async (overrides, message) => {
    const biz = await createBusinessSession();
    const res = await call(updateRates, { method: "POST", cookie: biz.cookie, body: body(1, overrides) });
    expectRefusal(res, 400, message);
  });

  it("answers 404 for another business's customer and for a missing one, and changes nothing", async () => {
    const owner = await createBusinessSession();
    const attacker = await createBusinessSession();
    const victim = await addCustomer(owner.cookie);
    const res = await call(updateRates, { method: "POST", cookie: attacker.cookie, body: body(victim.id) });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ message: "Customer not found" });
    expect(Number((await customerRow(victim.id)).pointsPerPound)).toBe(1);
    expect(await db.rateChange.count({ where: { customerId: victim.id } })).toBe(0);
    const missing = await call(updateRates, { method: "POST", cookie: attacker.cookie, body: body(2_000_000_000) });
    expect(missing.status).toBe(404);
  });

  it.each([
    [{ accountStatus: "closed", closedAt: new Date() }, "Rates cannot be changed for a closed account"],
    [{ accountStatus: "snoozed", snoozedAt: new Date() }, "Rates cannot be changed while the customer's account is snoozed"],
    [{ accountStatus: "paused" }, "Rates cannot be changed while the customer's account is snoozed"],
    [{ sleepStatus: "asleep" }, "Rates cannot be changed while the customer's account is asleep"],
    [{ sleepStatus: "scheduled_deletion" }, "Rates cannot be changed for an account scheduled for deletion"],
  ])("refuses a customer with %j (409)", async (state, message) => {
    const biz = await createBusinessSession();
    const c = await addCustomer(biz.cookie);
    await db.customer.update({ where: { id: c.id }, data: state });
    const res = await call(updateRates, { method: "POST", cookie: biz.cookie, body: body(c.id) });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ message, error: { code: "conflict" } });
    expect(Number((await customerRow(c.id)).pointsPerPound)).toBe(1);
  });

  it("refuses a wrong password (403) before looking at the customer", async () => {
    const biz = await createBusinessSession();
    const c = await addCustomer(biz.cookie);
    const res = await call(updateRates, { method: "POST", cookie: biz.cookie, body: body(c.id, { password: "nope-nope" }) });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ message: WRONG_PASSWORD });
    expect(Number((await customerRow(c.id)).pointsPerPound)).toBe(1);
  });

  it("is for the owner: a staff login cannot change rates", async () => {
    const biz = await createBusinessSession();
    const c = await addCustomer(biz.cookie);
    const staff = await db.staffUser.create({ data: { businessId: biz.businessId, username: `till-${randomUUID().slice(0, 6)}`, passwordHash: await hashPassword(TEST_PASSWORD) } });
    const session = await createSession({ kind: "staff", staffUserId: staff.id });
    const cookie = `${sessionCookieName()}=${session.cookieValue}`;
    const individual = await call(updateRates, { method: "POST", cookie, body: body(c.id) });
    const minimum = await call(putMinimumRedemption, { method: "PUT", cookie, body: { minimumRedemption: 5 } });
    const starting = await call(putNewCustomerRates, { method: "PUT", cookie, body: { newCustomerPointsPerPound: 5, newCustomerRedemptionValue: 1, reason: "x", password: TEST_PASSWORD } });
    for (const res of [individual, minimum, starting]) expect([401, 403]).toContain(res.status);
    expect(Number((await customerRow(c.id)).pointsPerPound)).toBe(1);
    expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).minimumRedemption).toBe(100);
  });

  it("answers 400 for malformed bodies", async () => {
    const biz = await createBusinessSession();
    for (const rawBody of ["{", "[1,2]", "\"text\""]) {
      const res = await call(updateRates, { method: "POST", cookie: biz.cookie, rawBody, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
    }
  });
});
