/** @jest-environment node */
import { randomUUID } from "node:crypto";
import { POST as staffLogin } from "@/app/api/staff/login/route";
import { POST as staffLogout } from "@/app/api/staff/logout/route";
import { GET as staffCustomers } from "@/app/api/staff/customers/route";
import { GET as staffTransactions } from "@/app/api/staff/transactions/route";
import { GET as listCustomers } from "@/app/api/customers/route";
import { GET as getCustomer, PATCH as patchCustomer } from "@/app/api/customers/[id]/route";
import { PATCH as closeCustomer } from "@/app/api/customers/[id]/close/route";
import { GET as listTransactions, POST as createTransaction } from "@/app/api/transactions/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { GET as businessSettings } from "@/app/api/business/route";
import { PUT as newCustomerRates } from "@/app/api/business/new-customer-rates/route";
import { PUT as minimumRedemption } from "@/app/api/business/minimum-redemption/route";
import { POST as updateCustomerRates } from "@/app/api/customers/update-rates/route";
import { GET as subscriptionUsage } from "@/app/api/subscription/usage/route";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import type { StaffCustomer, StaffTransaction } from "@/lib/staff/types";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";

const PASSWORD = "Till-Pass-123";

/** A staff login as the owner's account hub creates it: a StaffUser row with a bcrypt hash. */
async function createStaffUser(businessId: number, username = `till-${randomUUID().slice(0, 6)}`) {
  const staff = await db.staffUser.create({ data: { businessId, username, passwordHash: await hashPassword(PASSWORD) } });
  return { ...staff, password: PASSWORD };
}

async function staffSession(businessId: number) {
  const staff = await createStaffUser(businessId);
  const res = await call(staffLogin, { method: "POST", body: { businessId, username: staff.username, password: PASSWORD } });
  if (res.status !== 200 || !res.cookie) throw new Error(`staff login failed: ${res.status} ${res.text}`);
  return { cookie: res.cookie, staff };
}

describe("POST /api/staff/login", () => {
  it("signs a staff member in with business ID, username and password (a staff session)", async () => {
    const biz = await createBusinessSession();
    const staff = await createStaffUser(biz.businessId);
    const res = await call(staffLogin, { method: "POST", body: { businessId: biz.businessId, username: staff.username, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: "Login successful", staff: { id: staff.id, username: staff.username, businessId: biz.businessId, businessName: biz.businessName } });
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/);
    const session = await db.session.findFirstOrThrow({ where: { staffUserId: staff.id } });
    expect(session).toMatchObject({ kind: "staff", businessId: biz.businessId, revokedAt: null });
    expect((await db.staffUser.findUniqueOrThrow({ where: { id: staff.id } })).lastLoginAt).not.toBeNull();
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "staff_login", actorType: "staff", actorId: staff.id } })).toBe(1);
    expect((await call(staffCustomers, { cookie: res.cookie })).status).toBe(200);
  });

  it("accepts the business ID as a numeric string too", async () => {
    const biz = await createBusinessSession();
    const staff = await createStaffUser(biz.businessId);
    const res = await call(staffLogin, { method: "POST", body: { businessId: String(biz.businessId), username: staff.username, password: PASSWORD } });
    expect(res.status).toBe(200);
  });

  it.each([
    ["an empty username", { username: "" }, "Username is required"],
    ["no username", { username: undefined }, "Username is required"],
    ["an empty password", { password: "" }, "Password is required"],
    ["no password", { password: undefined }, "Password is required"],
    ["no business ID", { businessId: undefined }, "Business ID is required"],
    ["an empty business ID", { businessId: "" }, "Business ID is required"],
    ["a business ID that is not a number", { businessId: "abc" }, "Business ID must be a whole number"],
    ["a fractional business ID", { businessId: 1.5 }, "Business ID must be a whole number"],
  ])("rejects %s with the spec's message", async (_label, override, message) => {
    const res = await call(staffLogin, { method: "POST", body: { businessId: 1, username: "till", password: "secret", ...override } });
    expectRefusal(res, 400, message);
  });

  it("answers a wrong password, an unknown username and another business's ID the same way", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    const staff = await createStaffUser(a.businessId);
    const attempts = [
      { businessId: a.businessId, username: staff.username, password: "wrong-password" },
      { businessId: a.businessId, username: "nobody-here", password: PASSWORD },
      { businessId: b.businessId, username: staff.username, password: PASSWORD },
      { businessId: 2_000_000_000, username: staff.username, password: PASSWORD },
    ];
    for (const body of attempts) {
      const res = await call(staffLogin, { method: "POST", body });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ message: "Invalid business ID, username or password" });
      expect(res.cookie).toBeUndefined();
    }
  });

  it("is rate-limited: 10 tries per 15 minutes for one login from one address", async () => {
    const biz = await createBusinessSession();
    const staff = await createStaffUser(biz.businessId);
    const ip = "10.252.3.3";
    for (let i = 0; i < 10; i++) {
      expect((await call(staffLogin, { method: "POST", ip, body: { businessId: biz.businessId, username: staff.username, password: "wrong" } })).status).toBe(401);
    }
    const blocked = await call(staffLogin, { method: "POST", ip, body: { businessId: biz.businessId, username: staff.username, password: PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({ message: "Too many sign-in attempts. Please wait 15 minutes and try again." });
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("refuses staff of a suspended or closed business, and ends their running sessions", async () => {
    for (const status of ["suspended", "closed"]) {
      const biz = await createBusinessSession();
      const { cookie, staff } = await staffSession(biz.businessId);
      await db.business.update({ where: { id: biz.businessId }, data: { accountStatus: status } });
      const res = await call(staffLogin, { method: "POST", body: { businessId: biz.businessId, username: staff.username, password: PASSWORD } });
      expect(res.status).toBe(403);
      expect(res.json.message).toMatch(status === "suspended" ? /suspended/ : /closed/);
      expect((await call(staffCustomers, { cookie })).status).toBe(401);
    }
  });
});

describe("POST /api/staff/logout", () => {
  it("ends the staff session and clears the cookie", async () => {
    const biz = await createBusinessSession();
    const { cookie } = await staffSession(biz.businessId);
    const res = await call(staffLogout, { method: "POST", cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await call(staffCustomers, { cookie })).status).toBe(401);
  });

  it("does not end an owner's session", async () => {
    const biz = await createBusinessSession();
    expect((await call(staffLogout, { method: "POST", cookie: biz.cookie })).status).toBe(200);
    expect((await call(currentUser, { cookie: biz.cookie })).status).toBe(200);
  });
});

describe("GET /api/staff/customers and /api/staff/transactions", () => {
  it("lists only the staff member's business's customers, with the spec's fields", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    const alice = await addCustomer(a.cookie, { name: "Alice Archer" });
    const closed = await addCustomer(a.cookie, { name: "Carl Closed" });
    await call(closeCustomer, { method: "PATCH", cookie: a.cookie, params: { id: String(closed.id) } });
    const bob = await addCustomer(b.cookie, { name: "Bob Baker" });
    await call(createTransaction, { method: "POST", cookie: a.cookie, body: { customerId: alice.id, type: "purchase", amount: "12.50" } });

    const { cookie } = await staffSession(a.businessId);
    const res = await call<StaffCustomer[]>(staffCustomers, { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ id: alice.id, name: "Alice Archer", email: alice.email, membershipNumber: alice.membershipNumber, pointsBalance: 12, lifetimeSpent: "12.50" }]);
    expect(res.text).not.toContain(bob.email);
  });

  it("returns the last 5 transactions of a customer, newest first, and 404 for another business's customer", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    const alice = await addCustomer(a.cookie);
    const bob = await addCustomer(b.cookie);
    for (let i = 1; i <= 6; i++) await call(createTransaction, { method: "POST", cookie: a.cookie, body: { customerId: alice.id, type: "purchase", amount: `${i}.00` } });
    await call(createTransaction, { method: "POST", cookie: b.cookie, body: { customerId: bob.id, type: "purchase", amount: "9.00" } });

    const { cookie } = await staffSession(a.businessId);
    const res = await call<StaffTransaction[]>(staffTransactions, { cookie, path: `/api/staff/transactions?customerId=${alice.id}` });
    expect(res.status).toBe(200);
    expect(res.json.map((t) => t.amount)).toEqual(["6.00", "5.00", "4.00", "3.00", "2.00"]);
    expect(res.json[0]).toMatchObject({ type: "purchase", pointsEarned: 6, pointsRedeemed: 0, points: 6 });

    const theirs = await call(staffTransactions, { cookie, path: `/api/staff/transactions?customerId=${bob.id}` });
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain("9.00");
    const missing = await call(staffTransactions, { cookie, path: "/api/staff/transactions" });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ message: "please select a customer" });
  });

  it("refuses both without a staff or owner session", async () => {
    expect((await call(staffCustomers)).status).toBe(401);
    expect((await call(staffTransactions, { path: "/api/staff/transactions?customerId=1" })).status).toBe(401);
  });
});

describe("what staff may and may not do", () => {
  it("records a purchase and bonus points with the staff member on the transaction and ledger rows; the owner's hub shows them", async () => {
    const biz = await createBusinessSession();
    const customer = await addCustomer(biz.cookie);
    const { cookie, staff } = await staffSession(biz.businessId);

    const sale = await call<{ transaction: { id: number; actorType: string; actorName: string } }>(createTransaction, {
      method: "POST",
      cookie,
      body: { customerId: customer.id, type: "purchase", amount: "8.40" },
    });
    expect(sale.status).toBe(201);
    expect(sale.json.transaction).toMatchObject({ actorType: "staff", actorName: staff.username });
    const bonus = await call(createTransaction, { method: "POST", cookie, body: { customerId: customer.id, type: "bonus_points", amount: 25, description: "birthday" } });
    expect(bonus.status).toBe(201);

    const ledger = await db.pointsLedgerEntry.findMany({ where: { customerId: customer.id }, orderBy: { id: "asc" } });
    expect(ledger.map((l) => [l.kind, l.points, l.actorType, l.actorId])).toEqual([
      ["earn", 8, "staff", staff.id],
      ["bonus", 25, "staff", staff.id],
    ]);

    const hub = await call(listTransactions, { cookie: biz.cookie });
    expect(hub.status).toBe(200);
    expect(hub.text).toContain(`"id":${sale.json.transaction.id}`);
  });

  it("cannot call the owner's endpoints (customers, transaction hub, settings, rates, billing)", async () => {
    const biz = await createBusinessSession();
    const customer = await addCustomer(biz.cookie);
    const { cookie } = await staffSession(biz.businessId);
    const params = { id: String(customer.id) };
    const refused = [
      await call(listCustomers, { cookie }),
      await call(getCustomer, { cookie, params }),
      await call(patchCustomer, { method: "PATCH", cookie, params, body: { marketingConsentEmail: false } }),
      await call(closeCustomer, { method: "PATCH", cookie, params }),
      await call(listTransactions, { cookie }),
      await call(currentUser, { cookie }),
      await call(businessSettings, { cookie }),
      await call(newCustomerRates, { method: "PUT", cookie, body: { pointsPerPound: 50, redemptionValue: 50 } }),
      await call(minimumRedemption, { method: "PUT", cookie, body: { minimumRedemption: 1 } }),
      await call(updateCustomerRates, { method: "POST", cookie, body: { customerIds: [customer.id], pointsPerPound: 50 } }),
      await call(subscriptionUsage, { cookie }),
    ];
    for (const res of refused) expect(res.status).toBe(401);
    const after = await db.customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(after.accountStatus).toBe("active");
    expect(Number(after.pointsPerPound)).toBe(1);
    expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).minimumRedemption).toBe(100);
  });

  it("a staff session of business A cannot record a transaction for business B's customer", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    const bob = await addCustomer(b.cookie);
    const { cookie } = await staffSession(a.businessId);
    const res = await call(createTransaction, { method: "POST", cookie, body: { customerId: bob.id, type: "purchase", amount: "5.00" } });
    expect(res.status).toBe(404);
    expect(await db.transaction.count({ where: { customerId: bob.id } })).toBe(0);
  });
});
