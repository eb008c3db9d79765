/** @jest-environment node */
import { GET as currentUser } from "@/app/api/auth/user/route";
import { GET as staffCustomers } from "@/app/api/staff/customers/route";
import { GET as portalSession } from "@/app/api/customer-portal/session/route";
import { GET as settings } from "@/app/api/business/route";
import { POST as login } from "@/app/api/auth/login/route";
import { NextRequest } from "next/server";
import { middleware } from "@/middleware";
import { db } from "@/lib/db";
import { readSessionToken } from "@/lib/auth/session";
import { call } from "../helpers/http";
import { createBusinessSession, createStaffSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { provePortalEmail, uniqueEmail } from "../integration/portal-fixtures";

// Issue 19, items 11 and 12: the server ends idle sessions (sliding expiry per audience), and
// signed-in JSON is never stored by a cache.

async function sessionIdOf(cookie: string): Promise<string> {
  const token = await readSessionToken(cookie.slice(cookie.indexOf("=") + 1));
  if (!token) throw new Error("no session in cookie");
  return token.sid;
}
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe("item 11: idle sessions end on the server", () => {
  it("an owner's session idle past the spec's 5 minutes + 2-minute warning is over; activity slides it", async () => {
    const biz = await createBusinessSession();
    const sid = await sessionIdOf(biz.cookie);
    await db.session.update({ where: { id: sid }, data: { lastSeenAt: minutesAgo(6) } });
    expect((await call(currentUser, { cookie: biz.cookie })).status).toBe(200);
    const touched = await db.session.findUniqueOrThrow({ where: { id: sid } });
    expect(Date.now() - touched.lastSeenAt.getTime()).toBeLessThan(10_000); // slid forward
    await db.session.update({ where: { id: sid }, data: { lastSeenAt: minutesAgo(9) } });
    expect((await call(currentUser, { cookie: biz.cookie })).status).toBe(401);
  });

  it("staff sessions idle for a shift, not for minutes", async () => {
    const biz = await createBusinessSession();
    const staff = await createStaffSession(biz.businessId);
    const sid = await sessionIdOf(staff.cookie);
    await db.session.update({ where: { id: sid }, data: { lastSeenAt: minutesAgo(60) } });
    expect((await call(staffCustomers, { cookie: staff.cookie })).status).toBe(200);
    await db.session.update({ where: { id: sid }, data: { lastSeenAt: minutesAgo(9 * 60) } });
    expect((await call(staffCustomers, { cookie: staff.cookie })).status).toBe(401);
  });
});

describe("item 12: Cache-Control on signed-in JSON", () => {
  it("every answer to a signed-in request says no-store", async () => {
    const biz = await createBusinessSession();
    const email = uniqueEmail("cache");
    await addCustomer(biz.cookie, { email });
    const portal = await provePortalEmail(email);
    for (const res of [
      await call(currentUser, { cookie: biz.cookie }),
      await call(settings, { cookie: biz.cookie }),
      await call(portalSession, { cookie: portal.cookie }),
      await call(currentUser, { cookie: "next-auth.session-token=garbage" }),
      await call(login, { method: "POST", body: { email: biz.email, password: biz.password } }),
    ]) {
      expect(res.headers.get("cache-control")).toMatch(/no-store/);
    }
  });
});

describe("item 12: CSP with nonces", () => {
  it("the middleware gives each page request its own nonce, in the response and in the request Next renders with", async () => {
    const a = await middleware(new NextRequest("http://localhost/auth"));
    const b = await middleware(new NextRequest("http://localhost/auth"));
    const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
    expect(nonceOf(a.headers.get("content-security-policy"))).toBeDefined();
    expect(nonceOf(a.headers.get("content-security-policy"))).not.toBe(nonceOf(b.headers.get("content-security-policy")));
    expect(a.headers.get("content-security-policy")).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // NextResponse.next({ request: { headers } }) passes request headers on as x-middleware-request-*.
    expect(a.headers.get("x-middleware-request-content-security-policy")).toBe(a.headers.get("content-security-policy"));
    const api = await middleware(new NextRequest("http://localhost/api/auth/session"));
    expect(api.headers.get("content-security-policy")).toBeNull(); // API answers keep next.config's nonce-less policy
  });
});
