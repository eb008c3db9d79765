/** @jest-environment node */
import { POST as verifyAccess } from "@/app/api/customer/verify-access/route";
import { GET as portalAccount } from "@/app/api/customer-portal/account/route";
import { GET as portalSession } from "@/app/api/customer-portal/session/route";
import { POST as portalLogout } from "@/app/api/customer-portal/logout/route";
import { GET as accountsOf } from "@/app/api/customer-portal/accounts/[email]/route";
import { GET as preferencesOf } from "@/app/api/customer-portal/preferences/[email]/route";
import { PUT as putPreferences } from "@/app/api/customer-portal/preferences/route";
import { PUT as putAllPreferences } from "@/app/api/customer-portal/preferences/all/route";
import { PATCH as snooze } from "@/app/api/customer-portal/snooze/route";
import { PATCH as close } from "@/app/api/customer-portal/close/route";
import { POST as createTransaction } from "@/app/api/transactions/route";
import { db } from "@/lib/db";
import type { VerifyAccessResponse } from "@/lib/portal/types";
import { call } from "../helpers/http";
import { createStaffSession } from "../helpers/factories";
import { businessWithCustomer, lastAccessCode, provePortalEmail, uniqueEmail, welcomeLink } from "./portal-fixtures";

const post = (body: unknown, extra: { ip?: string; cookie?: string; headers?: Record<string, string> } = {}) =>
  call<VerifyAccessResponse>(verifyAccess, { method: "POST", body, ...extra });

describe("POST /api/customer/verify-access: proving control of the address", () => {
  it("answers the same for a customer's address and an unknown one, and emails a 6-digit code only to the customer", async () => {
    const { email } = await businessWithCustomer();
    const stranger = uniqueEmail("nobody");

    const known = await post({ email: email.toUpperCase() });
    const unknown = await post({ email: stranger });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual({ success: false, verified: false, codeSent: true, customer: null, message: expect.stringContaining(email) });
    expect({ ...unknown.json, message: unknown.json.message.replace(stranger, email) }).toEqual(known.json);
    expect(known.cookie).toBeUndefined();

    const mail = await db.outboundMessage.findFirstOrThrow({ where: { recipient: email, emailType: "portal_access" } });
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(mail.html).toMatch(/\b\d{6}\b/);
    expect(await db.outboundMessage.count({ where: { recipient: stranger } })).toBe(0);
    // stored hashed, never in clear
    const row = await db.verificationCode.findFirstOrThrow({ where: { purpose: "portal_access", target: email }, orderBy: { id: "desc" } });
    expect(row.codeHash).not.toContain(await lastAccessCode(email));
  });

  it("opens a short-lived portal session with the right code and returns the portal view; the code works once", async () => {
    const { email, customer, business } = await businessWithCustomer();
    await post({ email });
    const code = await lastAccessCode(email);
    const before = Date.now();
    const res = await post({ email, code });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/);
    expect(res.json).toMatchObject({
      success: true,
      verified: true,
      message: "Access granted",
      email,
      accounts: [{ id: customer.id, businessName: business.businessName }],
      customer: {
        id: customer.id,
        name: customer.name,
        email,
        phone: customer.phone,
        membershipNumber: customer.membershipNumber,
        totalPoints: 0,
        lifetimeSpent: "0.00",
        passUrl: null,
        lastVisit: null,
        business: { name: business.businessName, pointsPerPound: 1 },
        vouchers: [],
        transactions: [],
      },
    });

    const session = await db.session.findFirstOrThrow({ where: { kind: "customer", customerEmail: email }, orderBy: { createdAt: "desc" } });
    expect(session.expiresAt.getTime()).toBeLessThanOrEqual(before + 61 * 60_000);
    expect((await call(portalSession, { cookie: res.cookie })).json).toEqual({ email });

    const again = await post({ email, code });
    expect(again.status).toBe(400);
    expect(again.cookie).toBeUndefined();
  });

  it("refuses a wrong code with the same message for known and unknown addresses, and kills a code after 5 wrong tries", async () => {
    const { email } = await businessWithCustomer();
    const stranger = uniqueEmail("nobody");
    await post({ email });
    await post({ email: stranger });
    const code = await lastAccessCode(email);
    const wrong = code === "000000" ? "111111" : "000000";

    const a = await post({ email, code: wrong });
    const b = await post({ email: stranger, code: wrong });
    expect(a.status).toBe(400);
    expect(b.status).toBe(400);
    expect(a.json.message).toBe(b.json.message);

    for (let i = 0; i < 3; i++) expect((await post({ email, code: wrong })).status).toBe(400);
    const fifth = await post({ email, code: wrong });
    expect(fifth.status).toBe(429);
    const right = await post({ email, code });
    expect(right.status).toBe(429);
    expect(right.json.message).toBe("Too many incorrect attempts. Please request a new code.");
  });

  it("throttles code requests: 30 seconds apart and 5 an hour per address, known or not", async () => {
    const t0 = new Date(Date.now() + 24 * 3600_000);
    const at = (seconds: number) => ({ headers: { "x-test-now": new Date(t0.getTime() + seconds * 1000).toISOString() } });
    for (const email of [(await businessWithCustomer()).email, uniqueEmail("nobody")]) {
      expect((await post({ email }, at(0))).status).toBe(200);
      const soon = await post({ email }, at(10));
      expect(soon.status).toBe(429);
      expect(soon.json.message).toBe("Please wait 20 seconds before requesting another code.");
      for (let i = 1; i <= 4; i++) expect((await post({ email }, at(31 * i))).status).toBe(200);
      const sixth = await post({ email }, at(31 * 5));
      expect(sixth.status).toBe(429);
      expect(sixth.json.message).toBe("Too many codes requested for this email address. Please try again in an hour.");
    }
  });

  it("limits code checks per client address", async () => {
    const ip = "10.250.1.1";
    for (let i = 0; i < 20; i++) expect((await post({ email: uniqueEmail("guess"), code: "123456" }, { ip })).status).toBe(400);
    const blocked = await post({ email: uniqueEmail("guess"), code: "123456" }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toBe("Too many attempts. Please wait 15 minutes and try again.");
  });

  it("rejects bad input with readable 400s", async () => {
    expect((await post({})).json.message).toBe("Please enter a valid email address");
    expect((await post({ email: "not-an-email" })).json.message).toBe("Please enter a valid email address");
    expect((await post({ email: "a@example.test", code: "12ab" })).json.message).toBe("Please enter the 6-digit code from your email");
  });

  it("opens the portal from the welcome email's link once; a tampered, expired, reused or other-page link does not", async () => {
    const { email, customer } = await businessWithCustomer();
    const { token } = await welcomeLink(customer.id, "customer-portal");
    const prefs = await welcomeLink(customer.id, "customer-preferences");
    expect(prefs.token).not.toBe(token);

    const tampered = await post({ token: token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA") });
    expect(tampered.status).toBe(400);
    expect(tampered.json.message).toBe("This link has expired or is not valid. Enter your email address and we will send you a code.");
    expect((await post({ token, email: uniqueEmail() })).status).toBe(400);
    expect((await post({ token, purpose: "preferences" })).status).toBe(400);
    const later = await post({ token }, { headers: { "x-test-now": new Date(Date.now() + 31 * 24 * 3600_000).toISOString() } });
    expect(later.status).toBe(400);

    const ok = await post({ token, purpose: "portal" });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ success: true, verified: true, email, customer: { id: customer.id } });
    expect(ok.cookie).toBeDefined();
    expect((await post({ token })).status).toBe(400); // single use
    expect((await post({ token: prefs.token, purpose: "preferences" })).status).toBe(200);
  });

  it("lets a browser that already proved the address straight through, without a new code", async () => {
    const { email } = await businessWithCustomer();
    const { cookie } = await provePortalEmail(email);
    const sent = await db.outboundMessage.count({ where: { recipient: email, emailType: "portal_access" } });
    const res = await post({ email }, { cookie });
    expect(res.json).toMatchObject({ success: true, verified: true, email });
    expect(await db.outboundMessage.count({ where: { recipient: email, emailType: "portal_access" } })).toBe(sent);
    // a different address from the same browser still needs its own code
    const other = await post({ email: uniqueEmail() }, { cookie });
    expect(other.json).toMatchObject({ verified: false, codeSent: true });
  });

  it("does not show the portal to customers who were never sent a welcome email", async () => {
    const { email, customer } = await businessWithCustomer();
    await db.customer.update({ where: { id: customer.id }, data: { welcomeEmailSentAt: null } });
    const { json, cookie } = await provePortalEmail(email);
    expect(json).toMatchObject({ success: false, verified: true, customer: null, accounts: [] });
    const view = await call<VerifyAccessResponse>(portalAccount, { cookie });
    expect(view.json).toMatchObject({ success: false, customer: null });
  });
});

describe("the portal view", () => {
  it("shows each business's account of the address, switchable by customerId, with vouchers and the last 10 transactions", async () => {
    const email = uniqueEmail();
    const a = await businessWithCustomer(email);
    const b = await businessWithCustomer(email);
    for (let i = 1; i <= 11; i++) {
      const res = await call(createTransaction, { method: "POST", cookie: a.business.cookie, body: { customerId: a.customer.id, type: "purchase", amount: `${i}.00` } });
      expect(res.status).toBe(201);
    }
    await call(createTransaction, { method: "POST", cookie: a.business.cookie, body: { customerId: a.customer.id, type: "bonus_points", amount: 5 } });
    const now = new Date();
    const voucher = (over: Record<string, unknown>) => ({
      businessId: a.business.businessId, customerId: a.customer.id, batchId: "b1", promoCode: "SAVE10", title: "Ten off", discountType: "percentage", discountValue: 10, ...over,
    });
    await db.voucher.createMany({
      data: [
        voucher({}),
        voucher({ promoCode: "FIVER", title: "Five pounds", discountType: "fixed", discountValue: 5, expiresAt: new Date(now.getTime() + 86_400_000) }),
        voucher({ promoCode: "OLD", title: "Expired", expiresAt: new Date(now.getTime() - 86_400_000) }),
        voucher({ promoCode: "USED", title: "Used", status: "redeemed", isActive: false }),
      ],
    });

    const { cookie, json } = await provePortalEmail(email);
    expect(json.accounts?.map((x) => x.id).sort()).toEqual([a.customer.id, b.customer.id].sort());
    // the most recently visited account comes first
    expect(json.customer?.id).toBe(a.customer.id);
    const view = json.customer!;
    expect(view.transactions).toHaveLength(10);
    expect(view.transactions[0]).toMatchObject({ type: "bonus_points", pointsEarned: 5 });
    expect(view.transactions[1]).toMatchObject({ type: "purchase", amount: "11.00", pointsEarned: 11 });
    expect(view.totalPoints).toBe(66 + 5);
    expect(view.lifetimeSpent).toBe("66.00");
    expect(view.lastVisit).not.toBeNull();
    expect(view.vouchers.map((v) => v.promoCode).sort()).toEqual(["FIVER", "SAVE10"]);
    expect(view.vouchers.find((v) => v.promoCode === "SAVE10")).toMatchObject({ discountPercent: 10, discountAmount: null, status: "active", expiryDate: null });
    expect(view.vouchers.find((v) => v.promoCode === "FIVER")).toMatchObject({ discountPercent: null, discountAmount: "5.00" });

    const other = await call<VerifyAccessResponse>(portalAccount, { cookie, path: `/api/customer-portal/account?customerId=${b.customer.id}` });
    expect(other.json.customer).toMatchObject({ id: b.customer.id, business: { name: b.business.businessName } });

    // someone else's account id is "not found"
    const stranger = await businessWithCustomer();
    const theirs = await call(portalAccount, { cookie, path: `/api/customer-portal/account?customerId=${stranger.customer.id}` });
    expect(theirs.status).toBe(404);
  });
});

describe("portal data is never returned without a proven address", () => {
  it("refuses every portal call without a portal session, and with an owner's or staff session", async () => {
    const { email, customer, business } = await businessWithCustomer();
    const enc = encodeURIComponent(email);
    const form = { email, firstName: "A", lastName: "B", phone: "07700900123", marketingConsentEmail: true, marketingConsentSms: true };
    const calls = (cookie?: string) => [
      call(portalAccount, { cookie }),
      call(portalSession, { cookie }),
      call(accountsOf, { cookie, params: { email: enc } }),
      call(preferencesOf, { cookie, params: { email: enc } }),
      call(putPreferences, { method: "PUT", cookie, body: form }),
      call(putAllPreferences, { method: "PUT", cookie, body: form }),
      call(snooze, { method: "PATCH", cookie, body: { email } }),
      call(close, { method: "PATCH", cookie, body: { email } }),
    ];
    const staff = await createStaffSession(business.businessId);
    for (const cookie of [undefined, business.cookie, staff.cookie]) {
      for (const res of await Promise.all(calls(cookie))) {
        expect(res.status).toBe(401);
        expect(res.text).not.toContain(customer.phone);
      }
    }
    const row = await db.customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(row).toMatchObject({ accountStatus: "active", marketingConsentSms: false });
  });

  it("refuses a path or body email other than the one the session proved (403)", async () => {
    const victim = await businessWithCustomer();
    const attacker = await businessWithCustomer();
    const { cookie } = await provePortalEmail(attacker.email);
    const enc = encodeURIComponent(victim.email);
    const form = { email: victim.email, firstName: "Mal", lastName: "Icious", phone: "07700900123", marketingConsentEmail: true, marketingConsentSms: true };
    const results = [
      await call(accountsOf, { cookie, params: { email: enc } }),
      await call(preferencesOf, { cookie, params: { email: enc } }),
      await call(putPreferences, { method: "PUT", cookie, body: form }),
      await call(putAllPreferences, { method: "PUT", cookie, body: form }),
      await call(snooze, { method: "PATCH", cookie, body: { email: victim.email } }),
      await call(close, { method: "PATCH", cookie, body: { email: victim.email } }),
    ];
    for (const res of results) {
      expect(res.status).toBe(403);
      expect(res.text).not.toContain(victim.customer.phone);
    }
    // and a customerId of the victim's under the attacker's own email is "not found"
    const byId = await call(preferencesOf, { cookie, params: { email: encodeURIComponent(attacker.email) }, path: `/api/customer-portal/preferences/x?customerId=${victim.customer.id}` });
    expect(byId.status).toBe(404);
    const row = await db.customer.findUniqueOrThrow({ where: { id: victim.customer.id } });
    expect(row).toMatchObject({ accountStatus: "active", firstName: victim.customer.firstName });
  });

  it("ends the portal session on sign-out", async () => {
    const { email } = await businessWithCustomer();
    const { cookie } = await provePortalEmail(email);
    const out = await call(portalLogout, { method: "POST", cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await call(portalAccount, { cookie })).status).toBe(401);
  });

  it("expires the portal session after an hour", async () => {
    const { email } = await businessWithCustomer();
    const { cookie } = await provePortalEmail(email);
    const later = new Date(Date.now() + 61 * 60_000).toISOString();
    expect((await call(portalAccount, { cookie })).status).toBe(200);
    expect((await call(portalAccount, { cookie, headers: { "x-test-now": later } })).status).toBe(401);
  });
});
