/** @jest-environment node */
import { randomUUID } from "node:crypto";
import { POST as adminLogin } from "@/app/api/admin/login/route";
import { GET as stats } from "@/app/api/admin/stats/route";
import { GET as businesses } from "@/app/api/admin/businesses/route";
import { PUT as updateBusiness } from "@/app/api/admin/businesses/[id]/route";
import { GET as businessStats } from "@/app/api/admin/business-stats/[id]/route";
import { GET as businessCustomers } from "@/app/api/admin/business-customers/[id]/route";
import { DELETE as deleteCustomer, PUT as updateCustomer } from "@/app/api/admin/customers/[id]/route";
import { GET as getSettings, PUT as putSettings } from "@/app/api/admin/system-settings/route";
import { POST as loginAs } from "@/app/api/admin/login-as/[id]/route";
import { POST as exitLoginAs } from "@/app/api/admin/exit-login-as/route";
import { POST as generateReferralCode } from "@/app/api/admin/generate-referral-code/route";
import { POST as extendTrials } from "@/app/api/admin/extend-trials/route";
import { POST as processExpiredTrials } from "@/app/api/admin/process-expired-trials/route";
import { POST as ownerLogin } from "@/app/api/auth/login/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { PUT as updateOwnBusiness } from "@/app/api/business/route";
import { POST as createTransaction } from "@/app/api/transactions/route";
import { POST as resetWithLink } from "@/app/api/reset-password/route";
import { db } from "@/lib/db";
import type { AdminBusinessDto } from "@/lib/admin/list-businesses";
import type { AdminCustomerDto } from "@/lib/admin/admin-customers";
import { call } from "../helpers/http";
import { createBusinessSession, createStaffSession, TEST_PASSWORD } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { ADMIN_PASSWORD, adminSession, createAdmin } from "./admin-fixtures";

// Spec 3 sections 2-9: the super admin's server side. Global settings changes live in
// admin-settings.serial.test.ts; everything here touches only businesses made by the test.

const id = (n: number) => ({ params: { id: String(n) } });
const putBusiness = (cookie: string, businessId: number, body: Record<string, unknown>) =>
  call<{ message: string; business: AdminBusinessDto; resetLink?: string }>(updateBusiness, { method: "PUT", cookie, ...id(businessId), body });
const adminRows = (actorId: number) => db.activityLog.findMany({ where: { actorType: "admin", actorId }, orderBy: { id: "asc" } });

describe("POST /api/admin/login", () => {
  it("checks the input with the spec's messages and answers 'Invalid credentials' for a wrong password or unknown email", async () => {
    const admin = await createAdmin();
    expect((await call(adminLogin, { method: "POST", body: { email: "nope", password: "x" } })).json).toMatchObject({ message: "Please enter a valid email address" });
    expect((await call(adminLogin, { method: "POST", body: { email: admin.email, password: "" } })).json).toMatchObject({ message: "Password is required" });
    const wrong = await call(adminLogin, { method: "POST", body: { email: admin.email, password: "wrong-password" } });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ message: "Invalid credentials" });
    expect(wrong.cookie).toBeUndefined();
    const unknown = await call(adminLogin, { method: "POST", body: { email: `nobody-${randomUUID()}@example.test`, password: ADMIN_PASSWORD } });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toMatchObject({ message: "Invalid credentials" });
  });

  it("signs in (case-insensitive email), sets the session cookie and writes an audit row with no business", async () => {
    const admin = await createAdmin();
    const res = await call<{ admin: { id: number }; redirectUrl: string }>(adminLogin, { method: "POST", body: { email: admin.email.toUpperCase(), password: ADMIN_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ admin: { id: admin.id }, redirectUrl: "/admin-dashboard" });
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);
    expect((await call(stats, { cookie: res.cookie })).status).toBe(200);
    const rows = await adminRows(admin.id);
    expect(rows).toEqual([expect.objectContaining({ action: "admin_login", businessId: null })]);
    expect((await db.superAdmin.findUniqueOrThrow({ where: { id: admin.id } })).lastLoginAt).not.toBeNull();
  });

  it("is rate-limited per address and email", async () => {
    const admin = await createAdmin();
    const ip = "10.250.1.1";
    for (let i = 0; i < 10; i++) expect((await call(adminLogin, { method: "POST", ip, body: { email: admin.email, password: "wrong-password" } })).status).toBe(401);
    const limited = await call(adminLogin, { method: "POST", ip, body: { email: admin.email, password: ADMIN_PASSWORD } });
    expect(limited.status).toBe(429);
    // Another address is not affected.
    expect((await call(adminLogin, { method: "POST", body: { email: admin.email, password: ADMIN_PASSWORD } })).status).toBe(200);
  });

  it("creates the first admin from SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD on first login, without ever overwriting it", async () => {
    const email = `first-${randomUUID().slice(0, 8)}@example.test`;
    const saved = { e: process.env.SUPER_ADMIN_EMAIL, p: process.env.SUPER_ADMIN_PASSWORD };
    process.env.SUPER_ADMIN_EMAIL = email.toUpperCase();
    process.env.SUPER_ADMIN_PASSWORD = "env-admin-pass";
    try {
      expect((await call(adminLogin, { method: "POST", body: { email, password: "wrong-password" } })).status).toBe(401);
      expect(await db.superAdmin.count({ where: { email } })).toBe(1);
      expect((await call(adminLogin, { method: "POST", body: { email, password: "env-admin-pass" } })).status).toBe(200);
    } finally {
      process.env.SUPER_ADMIN_EMAIL = saved.e;
      process.env.SUPER_ADMIN_PASSWORD = saved.p;
      if (saved.e === undefined) delete process.env.SUPER_ADMIN_EMAIL;
      if (saved.p === undefined) delete process.env.SUPER_ADMIN_PASSWORD;
    }
  });
});

describe("who may call /api/admin", () => {
  const calls: [string, (cookie?: string) => Promise<{ status: number; json: unknown }>][] = [
    ["GET stats", (cookie) => call(stats, { cookie })],
    ["GET businesses", (cookie) => call(businesses, { cookie })],
    ["PUT businesses/{id}", (cookie) => call(updateBusiness, { method: "PUT", cookie, ...id(1), body: { name: "Hijacked" } })],
    ["GET business-stats/{id}", (cookie) => call(businessStats, { cookie, ...id(1) })],
    ["GET business-customers/{id}", (cookie) => call(businessCustomers, { cookie, ...id(1) })],
    ["PUT customers/{id}", (cookie) => call(updateCustomer, { method: "PUT", cookie, ...id(1), body: { isActive: false } })],
    ["DELETE customers/{id}", (cookie) => call(deleteCustomer, { method: "DELETE", cookie, ...id(1) })],
    ["PUT system-settings", (cookie) => call(putSettings, { method: "PUT", cookie, body: { maintenanceMode: true } })],
    ["POST login-as/{id}", (cookie) => call(loginAs, { method: "POST", cookie, ...id(1) })],
    ["POST exit-login-as", (cookie) => call(exitLoginAs, { method: "POST", cookie })],
    ["POST generate-referral-code", (cookie) => call(generateReferralCode, { method: "POST", cookie, body: { businessId: 1 } })],
    ["POST extend-trials", (cookie) => call(extendTrials, { method: "POST", cookie, body: { additionalDays: 300 } })],
    ["POST process-expired-trials", (cookie) => call(processExpiredTrials, { method: "POST", cookie })],
  ];

  it("refuses a business owner's and a staff session with 403 'Super admin access only', and the signed-out with 401", async () => {
    const owner = await createBusinessSession();
    const staff = await createStaffSession(owner.businessId);
    for (const [name, run] of calls) {
      for (const cookie of [owner.cookie, staff.cookie]) {
        const res = await run(cookie);
        expect([name, res.status, res.json]).toEqual([name, 403, expect.objectContaining({ message: "Super admin access only" })]);
      }
      expect([name, (await run(undefined)).status]).toEqual([name, 401]);
    }
  });
});

describe("stats and the business picker", () => {
  it("GET /api/admin/stats answers the five numbers, counting a new trial, signup and max subscription", async () => {
    const { cookie } = await adminSession();
    const before = await call<Record<string, unknown>>(stats, { cookie });
    expect(before.status).toBe(200);
    expect(before.json).toEqual({
      totalBusinesses: expect.any(Number), activeSubscriptions: expect.any(Number), trialAccounts: expect.any(Number),
      totalRevenue: expect.stringMatching(/^\d+\.\d{2}$/), signupsThisMonth: expect.any(Number),
    });
    const biz = await createBusinessSession();
    await db.business.update({ where: { id: biz.businessId }, data: { subscriptionStatus: "pro_max", subscriptionPricePence: 1999 } });
    const after = await call<{ totalBusinesses: number; activeSubscriptions: number }>(stats, { cookie });
    // Other tests run at the same time: at least our own business is counted.
    expect(after.json.totalBusinesses).toBeGreaterThanOrEqual((before.json.totalBusinesses as number) + 1);
    expect(after.json.activeSubscriptions).toBeGreaterThanOrEqual(1);
  });

  it("GET /api/admin/businesses lists businesses with the picker's fields and hides deleted ones", async () => {
    const { cookie } = await adminSession();
    const a = await createBusinessSession();
    const gone = await createBusinessSession();
    await addCustomer(a.cookie);
    await db.business.update({ where: { id: gone.businessId }, data: { accountStatus: "deleted" } });
    const res = await call<AdminBusinessDto[]>(businesses, { cookie });
    expect(res.status).toBe(200);
    const row = res.json.find((b) => b.id === a.businessId);
    expect(row).toMatchObject({
      name: a.businessName, email: a.email, phone: "+447700900123", subscriptionStatus: "pro_starter", accountStatus: "active",
      customerCount: 1, customerLimit: 10, isFounderMember: false, createdAt: expect.any(String), subscriptionPrice: null,
    });
    expect(res.json.some((b) => b.id === gone.businessId)).toBe(false);
  });
});

describe("PUT /api/admin/businesses/{id}", () => {
  it("edits the business's details, plan, rates and price, with an audit row naming the admin", async () => {
    const admin = await adminSession("Grace Admin");
    const biz = await createBusinessSession();
    const res = await putBusiness(admin.cookie, biz.businessId, {
      name: "Renamed Café", phone: "07700 900999", customerLimit: 50, pointsPerPound: 2, redemptionValue: "1.5", subscriptionStatus: "pro_max", subscriptionPrice: "19.99",
    });
    expect([res.status, res.text]).toEqual([200, expect.any(String)]);
    expect(res.json.business).toMatchObject({ name: "Renamed Café", phone: "+447700900999", customerLimit: 50, pointsPerPound: 2, subscriptionStatus: "pro_max", subscriptionPrice: "19.99" });
    const row = await db.activityLog.findFirstOrThrow({ where: { businessId: biz.businessId, action: "admin_business_updated" } });
    expect(row).toMatchObject({ actorType: "admin", actorId: admin.id, actorName: "Grace Admin" });
    expect(row.oldValues).toMatchObject({ name: biz.businessName, customerLimit: 10 });
    expect(row.newValues).toMatchObject({ name: "Renamed Café", customerLimit: 50, subscriptionPricePence: 1999 });
    expect(row.description).toContain("by super admin Grace Admin");
  });

  it("refuses bad input readably, another business's email with 409, and an unknown or deleted business with 404", async () => {
    const { cookie } = await adminSession();
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    expect((await putBusiness(cookie, a.businessId, { accountStatus: "frozen" })).json).toMatchObject({ message: "Account status must be active, suspended, closed or deleted" });
    expect((await putBusiness(cookie, a.businessId, { customerLimit: -1 })).status).toBe(400);
    expect((await putBusiness(cookie, a.businessId, { subscriptionPrice: "abc" })).status).toBe(400);
    expect((await putBusiness(cookie, a.businessId, {})).json).toMatchObject({ message: "Nothing to update" });
    expect((await putBusiness(cookie, a.businessId, { email: b.email })).status).toBe(409);
    expect((await putBusiness(cookie, 999_999_999, { name: "Nobody" })).status).toBe(404);
    await db.business.update({ where: { id: b.businessId }, data: { accountStatus: "deleted" } });
    expect((await putBusiness(cookie, b.businessId, { name: "Ghost" })).status).toBe(404);
  });

  it("founder on gives pro_max, limit 999999 and who/when; off gives a pro_starter business the limit of 10", async () => {
    const admin = await adminSession("Fay Founder-Granter");
    const biz = await createBusinessSession();
    const on = await putBusiness(admin.cookie, biz.businessId, { isFounderMember: true });
    expect(on.json.business).toMatchObject({ isFounderMember: true, subscriptionStatus: "pro_max", customerLimit: 999999, founderMemberGrantedBy: "Fay Founder-Granter" });
    expect(on.json.business.founderMemberGrantedAt).not.toBeNull();
    // Off while still pro_max: the limit stays (the plan is unlimited anyway).
    const off = await putBusiness(admin.cookie, biz.businessId, { isFounderMember: false });
    expect(off.json.business).toMatchObject({ isFounderMember: false, subscriptionStatus: "pro_max", customerLimit: 999999 });
    await putBusiness(admin.cookie, biz.businessId, { isFounderMember: true });
    const offStarter = await putBusiness(admin.cookie, biz.businessId, { isFounderMember: false, subscriptionStatus: "pro_starter" });
    expect(offStarter.json.business).toMatchObject({ isFounderMember: false, subscriptionStatus: "pro_starter", customerLimit: 10 });
  });

  it("suspending blocks the owner's login and ends their and their staff's sessions; unsuspending lets them back; closing says so", async () => {
    const admin = await adminSession("Sam Suspender");
    const biz = await createBusinessSession();
    const staff = await createStaffSession(biz.businessId);
    expect((await call(currentUser, { cookie: biz.cookie })).status).toBe(200);

    const res = await putBusiness(admin.cookie, biz.businessId, { accountStatus: "suspended" });
    expect(res.json.business).toMatchObject({ accountStatus: "suspended", statusChangedBy: "Sam Suspender", statusChangedAt: expect.any(String) });
    expect((await call(currentUser, { cookie: biz.cookie })).status).toBe(401);
    expect(await db.session.count({ where: { OR: [{ businessId: biz.businessId }, { staffUserId: staff.staffUserId }], revokedAt: null } })).toBe(0);
    const blocked = await call(ownerLogin, { method: "POST", body: { email: biz.email, password: TEST_PASSWORD } });
    expect(blocked.status).toBe(403);
    expect(blocked.json).toMatchObject({ message: "This account has been suspended. Please contact support." });

    await putBusiness(admin.cookie, biz.businessId, { accountStatus: "active" });
    const back = await call(ownerLogin, { method: "POST", body: { email: biz.email, password: TEST_PASSWORD } });
    expect(back.status).toBe(200);
    expect((await call(currentUser, { cookie: back.cookie })).status).toBe(200);

    await putBusiness(admin.cookie, biz.businessId, { accountStatus: "closed" });
    expect((await call(currentUser, { cookie: back.cookie })).status).toBe(401);
    expect((await call(ownerLogin, { method: "POST", body: { email: biz.email, password: TEST_PASSWORD } })).json).toMatchObject({ message: "This account has been closed." });
  });

  it("{ action: 'reset_password' } returns a 1-hour single-use link that sets a new password", async () => {
    const admin = await adminSession();
    const biz = await createBusinessSession();
    const now = new Date();
    const res = await putBusiness(admin.cookie, biz.businessId, { action: "reset_password" });
    expect(res.status).toBe(200);
    const link = new URL(res.json.resetLink!);
    expect(link.pathname).toBe("/reset-password");
    expect(link.searchParams.get("business")).toBe(String(biz.businessId));
    const stored = await db.business.findUniqueOrThrow({ where: { id: biz.businessId } });
    expect(Math.abs(stored.resetExpires!.getTime() - now.getTime() - 3600_000)).toBeLessThan(60_000);
    const body = { token: link.searchParams.get("token"), businessId: biz.businessId, newPassword: "another-pass-1" };
    expect((await call(resetWithLink, { method: "POST", body })).status).toBe(200);
    expect((await call(resetWithLink, { method: "POST", body })).status).toBe(400);
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "admin_reset_link", actorId: admin.id } })).toBe(1);
  });
});

describe("a business's headlines and customers", () => {
  it("GET /api/admin/business-stats/{id} counts customers, points awarded, redeemed, bonus and vouchers", async () => {
    const { cookie } = await adminSession();
    const biz = await createBusinessSession();
    const c = await addCustomer(biz.cookie);
    const post = (body: Record<string, unknown>) => call(createTransaction, { method: "POST", cookie: biz.cookie, body });
    expect((await post({ customerId: c.id, type: "purchase", amount: "120.00" })).status).toBe(201);
    expect((await post({ customerId: c.id, type: "bonus_points", amount: "30" })).status).toBe(201);
    expect((await post({ customerId: c.id, type: "points_redemption", pointsToRedeem: 100 })).status).toBe(201);
    await db.voucher.create({ data: { businessId: biz.businessId, customerId: c.id, batchId: "b", promoCode: "TEN", title: "Ten off", discountType: "percentage", discountValue: 10 } });
    const res = await call(businessStats, { cookie, ...id(biz.businessId) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ customerCount: 1, lastCustomerSignup: expect.any(String), totalPointsAwarded: 150, totalPointsRedeemed: 100, bonusPointsAwarded: 30, vouchersRaised: 1 });
    expect((await call(businessStats, { cookie, ...id(999_999_999) })).status).toBe(404);
  });

  it("lists customers in the admin view, toggles consent and the active flag, and deletes permanently", async () => {
    const admin = await adminSession();
    const biz = await createBusinessSession();
    const c = await addCustomer(biz.cookie);
    const list = await call<AdminCustomerDto[]>(businessCustomers, { cookie: admin.cookie, ...id(biz.businessId) });
    expect(list.json).toEqual([
      expect.objectContaining({ id: c.id, name: c.name, membershipNumber: c.membershipNumber, email: c.email, phone: c.phone, pointsBalance: 0, lifetimeSpent: "0.00", emailConsent: expect.any(Boolean), smsConsent: expect.any(Boolean), joinedDate: expect.any(String), isActive: true }),
    ]);

    const put = (body: Record<string, unknown>) => call<{ customer: AdminCustomerDto }>(updateCustomer, { method: "PUT", cookie: admin.cookie, ...id(c.id), body });
    expect((await put({ emailConsent: true, smsConsent: true })).json.customer).toMatchObject({ emailConsent: true, smsConsent: true });
    expect((await put({ isActive: false })).json.customer).toMatchObject({ isActive: false, accountStatus: "snoozed" });
    expect((await put({ isActive: true })).json.customer).toMatchObject({ isActive: true, accountStatus: "active" });
    expect((await put({ isActive: "yes" })).status).toBe(400);
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "admin_customer_updated", actorId: admin.id } })).toBe(3);

    const del = await call(deleteCustomer, { method: "DELETE", cookie: admin.cookie, ...id(c.id) });
    expect(del.status).toBe(200);
    expect(del.json).toMatchObject({ message: "Customer Deleted" });
    expect(await db.customer.findUnique({ where: { id: c.id } })).toBeNull();
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "admin_customer_deleted", actorId: admin.id } })).toBe(1);
    expect((await call(deleteCustomer, { method: "DELETE", cookie: admin.cookie, ...id(c.id) })).status).toBe(404);
  });
});

describe("customers of a deleted business", () => {
  it("are hidden: listing, editing and deleting answer 404", async () => {
    const { cookie } = await adminSession();
    const biz = await createBusinessSession();
    const c = await addCustomer(biz.cookie);
    await db.business.update({ where: { id: biz.businessId }, data: { accountStatus: "deleted" } });
    expect((await call(businessCustomers, { cookie, ...id(biz.businessId) })).status).toBe(404);
    expect((await call(updateCustomer, { method: "PUT", cookie, ...id(c.id), body: { emailConsent: true } })).status).toBe(404);
    expect((await call(deleteCustomer, { method: "DELETE", cookie, ...id(c.id) })).status).toBe(404);
    expect(await db.customer.count({ where: { id: c.id } })).toBe(1);
  });
});

describe("login as a business", () => {
  it("enters the workspace, attributes actions to the admin on behalf of the business, and exits to /admin-dashboard", async () => {
    const admin = await adminSession("Ivy Impersonator");
    const biz = await createBusinessSession();
    const res = await call(loginAs, { method: "POST", cookie: admin.cookie, ...id(biz.businessId) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ redirectUrl: "/dashboard", message: expect.stringContaining(biz.businessName) });

    const me = await call<{ adminMode: boolean; businessName: string }>(currentUser, { cookie: admin.cookie });
    expect(me.json).toMatchObject({ adminMode: true, businessName: biz.businessName });
    const edit = await call(updateOwnBusiness, { method: "PUT", cookie: admin.cookie, body: { businessName: "Edited By Admin", businessAddress: "2 Low Street, Bristol", phone: "07700 900123", website: "" } });
    expect(edit.status).toBe(200);
    const row = await db.activityLog.findFirstOrThrow({ where: { businessId: biz.businessId, tableName: "businesses", actorType: "admin" }, orderBy: { id: "desc" } });
    expect(row).toMatchObject({ actorId: admin.id, actorName: "Ivy Impersonator" });
    expect(row.description).toContain("(by super admin Ivy Impersonator on behalf of the business)");
    // Admin endpoints keep working while acting as the business.
    expect((await call(stats, { cookie: admin.cookie })).status).toBe(200);

    const exit = await call(exitLoginAs, { method: "POST", cookie: admin.cookie });
    expect(exit.status).toBe(200);
    expect(exit.json).toMatchObject({ redirectUrl: "/admin-dashboard" });
    expect((await call(updateOwnBusiness, { method: "PUT", cookie: admin.cookie, body: { businessName: "Again", businessAddress: "2 Low Street", phone: "07700 900123" } })).status).toBe(401);
    expect((await call(exitLoginAs, { method: "POST", cookie: admin.cookie })).status).toBe(400);
    expect((await adminRows(admin.id)).map((r) => r.action)).toEqual(expect.arrayContaining(["admin_login_as", "admin_exit_login_as"]));
  });

  it("cannot enter a deleted or unknown business", async () => {
    const admin = await adminSession();
    const biz = await createBusinessSession();
    await db.business.update({ where: { id: biz.businessId }, data: { accountStatus: "deleted" } });
    const res = await call(loginAs, { method: "POST", cookie: admin.cookie, ...id(biz.businessId) });
    expect(res.status).toBe(404);
    expect((await call(loginAs, { method: "POST", cookie: admin.cookie, ...id(999_999_999) })).status).toBe(404);
    expect((await db.session.findFirstOrThrow({ where: { superAdminId: admin.id } })).actingBusinessId).toBeNull();
  });
});

describe("POST /api/admin/generate-referral-code", () => {
  it("replaces the business's referral code and audits it; unknown business 404", async () => {
    const admin = await adminSession();
    const biz = await createBusinessSession();
    const before = await db.business.findUniqueOrThrow({ where: { id: biz.businessId } });
    const res = await call<{ referralCode: string }>(generateReferralCode, { method: "POST", cookie: admin.cookie, body: { businessId: biz.businessId } });
    expect(res.status).toBe(200);
    expect(res.json.referralCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(res.json.referralCode).not.toBe(before.referralCode);
    expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).referralCode).toBe(res.json.referralCode);
    expect((await call(generateReferralCode, { method: "POST", cookie: admin.cookie, body: {} })).status).toBe(400);
    expect((await call(generateReferralCode, { method: "POST", cookie: admin.cookie, body: { businessId: 999_999_999 } })).status).toBe(404);
  });
});

describe("GET /api/admin/system-settings", () => {
  it("never shows the signup PIN to anyone but a super admin (the PUT is tested in admin-settings.serial)", async () => {
    const admin = await adminSession();
    const owner = await createBusinessSession();
    const asAdmin = await call(getSettings, { cookie: admin.cookie });
    expect(asAdmin.json).toHaveProperty("signupPin");
    for (const cookie of [owner.cookie, undefined]) {
      const res = await call(getSettings, { cookie });
      expect(res.status).toBe(200);
      expect(res.json).not.toHaveProperty("signupPin");
    }
  });
});
