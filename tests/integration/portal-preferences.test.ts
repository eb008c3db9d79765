/** @jest-environment node */
import { GET as accountsOf } from "@/app/api/customer-portal/accounts/[email]/route";
import { GET as preferencesOf } from "@/app/api/customer-portal/preferences/[email]/route";
import { PUT as putPreferences } from "@/app/api/customer-portal/preferences/route";
import { PUT as putAllPreferences } from "@/app/api/customer-portal/preferences/all/route";
import { PATCH as snooze } from "@/app/api/customer-portal/snooze/route";
import { PATCH as close } from "@/app/api/customer-portal/close/route";
import { GET as portalAccount } from "@/app/api/customer-portal/account/route";
import { GET as ownerCustomer } from "@/app/api/customers/[id]/route";
import { POST as createTransaction } from "@/app/api/transactions/route";
import { db } from "@/lib/db";
import type { PortalAccount, PreferencesRecord } from "@/lib/portal/types";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { call, expectRefusal } from "../helpers/http";
import { randomMobile } from "../helpers/factories";
import { businessWithCustomer, provePortalEmail, uniqueEmail } from "./portal-fixtures";

const enc = encodeURIComponent;

async function twoBusinesses() {
  const email = uniqueEmail("prefs");
  const a = await businessWithCustomer(email);
  const b = await businessWithCustomer(email);
  const { cookie } = await provePortalEmail(email);
  return { email, a, b, cookie };
}

describe("GET /api/customer-portal/accounts/{email}", () => {
  it("lists the address's open accounts, one per business, oldest first", async () => {
    const { email, a, b, cookie } = await twoBusinesses();
    const res = await call<{ accounts: PortalAccount[] }>(accountsOf, { cookie, params: { email: enc(email) } });
    expect(res.status).toBe(200);
    expect(res.json.accounts).toEqual([
      { id: a.customer.id, businessName: a.business.businessName, membershipNumber: a.customer.membershipNumber, totalPoints: 0, lifetimeSpent: "0.00", createdAt: a.customer.createdAt, email, accountStatus: "active" },
      { id: b.customer.id, businessName: b.business.businessName, membershipNumber: b.customer.membershipNumber, totalPoints: 0, lifetimeSpent: "0.00", createdAt: b.customer.createdAt, email, accountStatus: "active" },
    ]);
  });
});

describe("GET /api/customer-portal/preferences/{email}", () => {
  it("returns the preferences record of the chosen account; with several accounts one must be chosen", async () => {
    const { email, a, cookie } = await twoBusinesses();
    const unchosen = await call(preferencesOf, { cookie, params: { email: enc(email) } });
    expect(unchosen.status).toBe(400);
    expect(unchosen.json).toMatchObject({ message: "Please choose an account" });

    const res = await call<PreferencesRecord>(preferencesOf, { cookie, params: { email: enc(email) }, path: `/api/customer-portal/preferences/x?customerId=${a.customer.id}` });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      customerId: a.customer.id,
      businessName: a.business.businessName,
      accountStatus: "active",
      email,
      firstName: a.customer.firstName,
      lastName: a.customer.lastName,
      phone: a.customer.phone,
      marketingConsentEmail: true,
      marketingConsentSms: false,
      marketingPreferencesLastUpdatedBy: "business",
      marketingPreferencesLastUpdatedAt: expect.any(String),
    });
  });

  it("picks the only account when there is one", async () => {
    const { email, customer } = await businessWithCustomer();
    const { cookie } = await provePortalEmail(email);
    const res = await call<PreferencesRecord>(preferencesOf, { cookie, params: { email: enc(email) } });
    expect(res.json.customerId).toBe(customer.id);
  });
});

describe("PUT /api/customer-portal/preferences", () => {
  it("updates one account, records the customer as updater with the time, and writes the business's activity row", async () => {
    const { email, a, b, cookie } = await twoBusinesses();
    const phone = randomMobile();
    const body = { customerId: a.customer.id, email, firstName: "Nina", lastName: "New-Name", phone, marketingConsentEmail: false, marketingConsentSms: true };
    const res = await call<{ message: string; preferences: PreferencesRecord }>(putPreferences, { method: "PUT", cookie, body });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Preferences updated");
    expect(res.json.preferences).toMatchObject({
      firstName: "Nina",
      lastName: "New-Name",
      phone: phone.replace(/^0/, "+44"),
      marketingConsentEmail: false,
      marketingConsentSms: true,
      marketingPreferencesLastUpdatedBy: "customer",
    });

    // the business sees the change in its own customer record
    const seen = await call<CustomerDto>(ownerCustomer, { cookie: a.business.cookie, params: { id: String(a.customer.id) } });
    expect(seen.json).toMatchObject({ name: "Nina New-Name", marketingConsentEmail: false, marketingConsentSms: true, marketingPreferencesLastUpdatedBy: "customer" });
    const row = await db.customer.findUniqueOrThrow({ where: { id: a.customer.id } });
    expect(row.phoneVerifiedAt).toBeNull();
    expect(Math.abs(row.marketingPreferencesLastUpdatedAt!.getTime() - Date.now())).toBeLessThan(60_000);

    const activity = await db.activityLog.findFirstOrThrow({ where: { businessId: a.business.businessId, action: "customer_consent_updated" }, orderBy: { id: "desc" } });
    expect(activity).toMatchObject({ actorType: "customer", actorId: a.customer.id, tableName: "customers", recordId: String(a.customer.id) });
    expect(activity.oldValues).toMatchObject({ marketingConsentEmail: true, marketingConsentSms: false, marketingPreferencesLastUpdatedBy: "business" });
    expect(activity.newValues).toMatchObject({ marketingConsentEmail: false, marketingConsentSms: true, marketingPreferencesLastUpdatedBy: "customer" });

    // the other business's account is untouched
    const other = await db.customer.findUniqueOrThrow({ where: { id: b.customer.id } });
    expect(other).toMatchObject({ firstName: b.customer.firstName, marketingConsentEmail: true, marketingConsentSms: false, marketingPreferencesLastUpdatedBy: "business" });
    expect(await db.activityLog.count({ where: { businessId: b.business.businessId, actorType: "customer" } })).toBe(0);
  });

  it("writes nothing when nothing changed", async () => {
    const { email, customer, business } = await businessWithCustomer();
    const { cookie } = await provePortalEmail(email);
    const body = { email, firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone, marketingConsentEmail: true, marketingConsentSms: false };
    const res = await call<{ preferences: PreferencesRecord }>(putPreferences, { method: "PUT", cookie, body });
    expect(res.status).toBe(200);
    expect(res.json.preferences.marketingPreferencesLastUpdatedBy).toBe("business");
    expect(await db.activityLog.count({ where: { businessId: business.businessId, actorType: "customer" } })).toBe(0);
  });

  it.each([
    [{ firstName: "" }, "First name is required"],
    [{ lastName: "  " }, "Last name is required"],
    [{ phone: "" }, "Phone number is required"],
    [{ phone: "12" }, "Please enter a valid phone number"],
    [{ email: "nope" }, "Please enter a valid email address"],
    [{ marketingConsentSms: "yes" }, "marketingConsentSms: Expected true or false"],
  ])("rejects %j with the spec's message", async (override, message) => {
    const { email, customer } = await businessWithCustomer();
    const { cookie } = await provePortalEmail(email);
    const body = { email, firstName: "Ann", lastName: "Other", phone: customer.phone, marketingConsentEmail: false, marketingConsentSms: false, ...override };
    const res = await call(putPreferences, { method: "PUT", cookie, body });
    expectRefusal(res, 400, message);
  });

  it("refuses a phone number another customer of that business already has (409)", async () => {
    const { email, business } = await businessWithCustomer();
    const { addCustomer } = await import("../helpers/customers");
    const neighbour = await addCustomer(business.cookie);
    const { cookie } = await provePortalEmail(email);
    const res = await call(putPreferences, { method: "PUT", cookie, body: { email, firstName: "Ann", lastName: "Other", phone: neighbour.phone } });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ message: "A customer with this phone number already exists" });
  });
});

describe("PUT /api/customer-portal/preferences/all", () => {
  it("applies the same preferences to every account of the address, each business getting its own activity row", async () => {
    const { email, a, b, cookie } = await twoBusinesses();
    const body = { email, firstName: "Sam", lastName: "Same", phone: a.customer.phone, marketingConsentEmail: false, marketingConsentSms: true };
    const res = await call<{ message: string; updated: number }>(putAllPreferences, { method: "PUT", cookie, body });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: "All accounts updated", updated: 2 });
    for (const x of [a, b]) {
      const row = await db.customer.findUniqueOrThrow({ where: { id: x.customer.id } });
      expect(row).toMatchObject({ name: "Sam Same", phone: a.customer.phone, marketingConsentEmail: false, marketingConsentSms: true, marketingPreferencesLastUpdatedBy: "customer" });
      expect(await db.activityLog.count({ where: { businessId: x.business.businessId, actorType: "customer", action: "customer_consent_updated" } })).toBe(1);
    }
  });
});

describe("PATCH /api/customer-portal/snooze and /close", () => {
  it("snoozes the chosen account through the business's own rules and ends the portal session", async () => {
    const { email, a, b, cookie } = await twoBusinesses();
    const res = await call(snooze, { method: "PATCH", cookie, body: { email, customerId: a.customer.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: "Account snoozed", account: { id: a.customer.id, accountStatus: "snoozed" } });
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await db.customer.findUniqueOrThrow({ where: { id: a.customer.id } })).accountStatus).toBe("snoozed");
    expect((await db.customer.findUniqueOrThrow({ where: { id: b.customer.id } })).accountStatus).toBe("active");
    const activity = await db.activityLog.findFirstOrThrow({ where: { businessId: a.business.businessId, action: "customer_snoozed" } });
    expect(activity).toMatchObject({ actorType: "customer", actorId: a.customer.id });
    // the session is over
    expect((await call(portalAccount, { cookie })).status).toBe(401);
    expect((await call(accountsOf, { cookie, params: { email: enc(email) } })).status).toBe(401);

    // a purchase wakes the account, as for any snoozed customer
    const sale = await call(createTransaction, { method: "POST", cookie: a.business.cookie, body: { customerId: a.customer.id, type: "purchase", amount: "3.00" } });
    expect(sale.status).toBe(201);
    expect((await db.customer.findUniqueOrThrow({ where: { id: a.customer.id } })).accountStatus).toBe("active");
  });

  it("needs a choice when the address has several accounts", async () => {
    const { email, cookie } = await twoBusinesses();
    const res = await call(snooze, { method: "PATCH", cookie, body: { email } });
    expectRefusal(res, 400, "Please choose an account");
  });

  it("closes the account permanently (points forfeited, consents off), ends the session, and drops it from the lists", async () => {
    const { email, customer, business } = await businessWithCustomer();
    await call(createTransaction, { method: "POST", cookie: business.cookie, body: { customerId: customer.id, type: "bonus_points", amount: 40 } });
    const { cookie } = await provePortalEmail(email);
    const res = await call(close, { method: "PATCH", cookie, body: { email } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: "Account closed", account: { accountStatus: "closed" } });
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    const row = await db.customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(row).toMatchObject({ accountStatus: "closed", closedBy: "customer", totalPoints: 0, marketingConsentEmail: false, marketingConsentSms: false });
    expect((await call(portalAccount, { cookie })).status).toBe(401);

    const again = await provePortalEmail(email).catch((e: Error) => e);
    // a closed account gets no code (the answer is the same as for a stranger), so the address cannot be proven again
    expect(again).toBeInstanceOf(Error);
    expect(await db.outboundMessage.count({ where: { recipient: email, emailType: "portal_access", sentAt: { gt: row.closedAt! } } })).toBe(0);
  });
});
