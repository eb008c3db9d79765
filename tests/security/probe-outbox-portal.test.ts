/** @jest-environment node */
import { GET as lastEmail } from "@/app/api/test/last-simulated-email/route";
import { POST as verifyAccess } from "@/app/api/customer/verify-access/route";
import { GET as portalAccount } from "@/app/api/customer-portal/account/route";
import { PATCH as closeAccount } from "@/app/api/customer-portal/close/route";
import { GET as accountsOf } from "@/app/api/customer-portal/accounts/[email]/route";
import { POST as portalLogout } from "@/app/api/customer-portal/logout/route";
import { db } from "@/lib/db";
import { createElement } from "react";
import { sendEmail } from "@/lib/email/send-email";
import type { VerifyAccessResponse } from "@/lib/portal/types";
import { call } from "../helpers/http";
import { createBusinessSession, createStaffSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { provePortalEmail, uniqueEmail } from "../integration/portal-fixtures";

// Issue 19, items 1 and 2: the simulated outbox and the portal links in the welcome email.

const post = (body: Record<string, unknown>, cookie?: string) => call<VerifyAccessResponse>(verifyAccess, { method: "POST", body, cookie });
type Email = { subject: string; html: string; recipientEmail: string };

/** The welcome email's portal link, read the way the probe did: from the owner's own outbox. */
async function linkFromOutbox(ownerCookie: string, email: string, page: "customer-portal" | "customer-preferences") {
  const res = await call<Email>(lastEmail, { path: `/api/test/last-simulated-email?to=${encodeURIComponent(email)}`, cookie: ownerCookie });
  expect(res.status).toBe(200);
  const match = new RegExp(`/${page}\\?access=([^"&<\\s]+)`).exec(res.json.html);
  if (!match) throw new Error("no link in the welcome email");
  return decodeURIComponent(match[1]);
}

describe("item 1: the simulated outbox", () => {
  it("shows an owner only the mail their own business sent; staff, customers, other owners and admins see none", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    const staffA = await createStaffSession(a.businessId);
    const to = uniqueEmail("outbox");
    await sendEmail({ to, email: { subject: "A's private link", react: createElement("p", null, "secret") }, emailType: "welcome", businessId: a.businessId });
    const portal = await provePortalEmail((await addCustomer(b.cookie, { email: uniqueEmail("cust") })).email);

    const asA = await call<Email>(lastEmail, { path: `/api/test/last-simulated-email?to=${to}`, cookie: a.cookie });
    expect(asA.status).toBe(200);
    expect(asA.json.subject).toBe("A's private link");
    // Another business naming the recipient: nothing of A's.
    const asB = await call<Email>(lastEmail, { path: `/api/test/last-simulated-email?to=${to}`, cookie: b.cookie });
    expect(asB.status).toBe(404);
    // Staff of A itself and a portal customer: refused outright, with or without ?to=.
    for (const cookie of [staffA.cookie, portal.cookie]) {
      for (const path of ["/api/test/last-simulated-email", `/api/test/last-simulated-email?to=${to}`]) {
        const res = await call<Email>(lastEmail, { path, cookie });
        expect(res.status).toBe(403);
        expect(res.text).not.toContain("secret");
      }
    }
  });

  it("refuses anonymous readers on a production build without ENABLE_TEST_ENDPOINTS", async () => {
    const to = uniqueEmail("prod");
    await sendEmail({ to, email: { subject: "code", react: createElement("p", null, "123456") }, emailType: "portal_access" });
    const env = process.env as Record<string, string | undefined>;
    const saved = { NODE_ENV: env.NODE_ENV, ENABLE_TEST_ENDPOINTS: env.ENABLE_TEST_ENDPOINTS };
    env.NODE_ENV = "production";
    delete env.ENABLE_TEST_ENDPOINTS;
    try {
      expect((await call(lastEmail, { path: `/api/test/last-simulated-email?to=${to}` })).status).toBe(401);
    } finally {
      env.NODE_ENV = saved.NODE_ENV;
      if (saved.ENABLE_TEST_ENDPOINTS !== undefined) env.ENABLE_TEST_ENDPOINTS = saved.ENABLE_TEST_ENDPOINTS;
    }
  });
});

describe("item 2: portal links are bound to one customer record and purpose", () => {
  it("business A cannot open or close business B's customer with the link from its own outbox", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    const email = uniqueEmail("victim");
    const victim = await addCustomer(b.cookie, { email });
    const planted = await addCustomer(a.cookie, { email });

    const token = await linkFromOutbox(a.cookie, email, "customer-portal");
    const opened = await post({ token, purpose: "portal" });
    expect(opened.status).toBe(200);
    expect(opened.json.customer?.id).toBe(planted.id);
    expect(opened.json.accounts?.map((x) => x.id)).toEqual([planted.id]);
    const cookie = opened.cookie!;

    // B's record is out of this session's reach: not in the switcher, not by id, not closable.
    expect((await call(portalAccount, { path: `/api/customer-portal/account?customerId=${victim.id}`, cookie })).status).toBe(404);
    const list = await call<{ accounts: { id: number }[] }>(accountsOf, { path: `/api/customer-portal/accounts/${email}`, params: { email }, cookie });
    expect(list.json.accounts.map((x) => x.id)).toEqual([planted.id]);
    const close = await call(closeAccount, { method: "PATCH", body: { email, customerId: victim.id }, cookie });
    expect(close.status).toBe(404);
    const b1 = await db.customer.findUniqueOrThrow({ where: { id: victim.id } });
    expect(b1.accountStatus).not.toBe("closed");
    expect(b1.totalPoints).toBe(victim.totalPoints ?? b1.totalPoints);
  });

  it("a link works once, only on its own page; logout ends its session; closure revokes the record's links and sessions", async () => {
    const a = await createBusinessSession();
    const email = uniqueEmail("once");
    const c = await addCustomer(a.cookie, { email });
    const portalToken = await linkFromOutbox(a.cookie, email, "customer-portal");
    const prefsToken = await linkFromOutbox(a.cookie, email, "customer-preferences");

    expect((await post({ token: portalToken, purpose: "preferences" })).status).toBe(400); // wrong page
    const first = await post({ token: portalToken, purpose: "portal" });
    expect(first.status).toBe(200);
    expect((await post({ token: portalToken, purpose: "portal" })).status).toBe(400); // used

    // Logout: the session is over and the used link cannot start another.
    expect((await call(portalLogout, { method: "POST", cookie: first.cookie })).status).toBe(200);
    expect((await call(portalAccount, { path: "/api/customer-portal/account", cookie: first.cookie })).status).toBe(401);
    expect((await post({ token: portalToken })).status).toBe(400);

    // A second session from the code flow; the preferences link is still unused. Closing the
    // account through the code session revokes the unused link and ends link-scoped sessions.
    const other = await post({ token: prefsToken, purpose: "preferences" });
    expect(other.status).toBe(200);
    const byCode = await provePortalEmail(email);
    const closed = await call(closeAccount, { method: "PATCH", body: { email, customerId: c.id }, cookie: byCode.cookie });
    expect(closed.status).toBe(200);
    expect((await call(portalAccount, { path: "/api/customer-portal/account", cookie: other.cookie })).status).toBe(401);
    const links = await db.portalLink.findMany({ where: { customerId: c.id } });
    expect(links.every((l) => l.usedAt !== null || l.revokedAt !== null)).toBe(true);
  });

  it("stores only hashes of link tokens", async () => {
    const a = await createBusinessSession();
    const email = uniqueEmail("hash");
    const c = await addCustomer(a.cookie, { email });
    const token = await linkFromOutbox(a.cookie, email, "customer-portal");
    const rows = await db.portalLink.findMany({ where: { customerId: c.id } });
    expect(rows.length).toBe(2);
    for (const r of rows) expect(r.tokenHash).not.toContain(token);
  });
});
