/** @jest-environment node */
import { NextRequest } from "next/server";
import { middleware } from "@/middleware";
import { POST as signup } from "@/app/api/auth/signup/route";
import { POST as sendSignupCode } from "@/app/api/auth/signup/send-code/route";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { POST as staffLogin } from "@/app/api/staff/login/route";
import { GET as staffCustomers } from "@/app/api/staff/customers/route";
import { POST as verifyAccess } from "@/app/api/customer/verify-access/route";
import { GET as portalAccount } from "@/app/api/customer-portal/account/route";
import { PUT as portalPreferences } from "@/app/api/customer-portal/preferences/route";
import { POST as adminLogin } from "@/app/api/admin/login/route";
import { GET as adminStats } from "@/app/api/admin/stats/route";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { GET as listUpdatedPasses } from "@/app/api/wallet/apple/v1/devices/[deviceLibraryIdentifier]/registrations/[passTypeIdentifier]/route";
import { GET as housekeeping } from "@/app/api/cron/housekeeping/route";
import { POST as logout } from "@/app/api/logout/route";
import { GET as health } from "@/app/api/health/route";
import { db } from "@/lib/db";
import { forgetMaintenanceFlag } from "@/lib/settings/maintenance-flag";
import { sharedPool } from "@/lib/db-pool";
import { call } from "../helpers/http";
import { createBusinessSession, createStaffSession, randomMobile, signupPayload, TEST_PASSWORD } from "../helpers/factories";
import { ADMIN_PASSWORD, adminSession, createAdmin } from "./admin-fixtures";
import { businessWithCustomer, provePortalEmail } from "./portal-fixtures";

// Issue 16 item 4: with maintenance mode on, every audience but the super admin gets the maintenance
// answer, pages and APIs alike (before: sign-up 201, login 200, portal codes sent); Stripe webhooks,
// the wallet web service, cron, logout and health keep working. Platform-wide: a serial test.

const MAINTENANCE = { message: "We'll be back soon: the service is down for maintenance.", error: { code: "service_unavailable" } };

async function setMaintenance(on: boolean) {
  await db.systemSettings.upsert({ where: { id: 1 }, create: { id: 1, maintenanceMode: on }, update: { maintenanceMode: on } });
  forgetMaintenanceFlag();
}

const page = (path: string, cookie?: string) => middleware(new NextRequest(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }));

describe("maintenance mode", () => {
  // sessions are made before the switch (nobody can sign in during maintenance)
  let owner: Awaited<ReturnType<typeof createBusinessSession>>;
  let staff: Awaited<ReturnType<typeof createStaffSession>>;
  let portal: { cookie: string; email: string };
  let admin: Awaited<ReturnType<typeof adminSession>>;

  beforeAll(async () => {
    owner = await createBusinessSession();
    staff = await createStaffSession(owner.businessId);
    const { email } = await businessWithCustomer();
    portal = { cookie: (await provePortalEmail(email)).cookie, email };
    admin = await adminSession();
    await setMaintenance(true);
  });
  afterAll(() => setMaintenance(false));

  it("answers sign-up, sign-up codes, logins and portal code requests with the maintenance answer, and sends nothing", async () => {
    const outboxBefore = await db.outboundMessage.count();
    const answers = [
      await call(signup, { method: "POST", path: "/api/auth/signup", body: { ...signupPayload({ phone: randomMobile() }), verificationCode: "123456" } }),
      await call(sendSignupCode, { method: "POST", path: "/api/auth/signup/send-code", body: { phone: randomMobile() } }),
      await call(login, { method: "POST", path: "/api/auth/login", body: { email: owner.email, password: TEST_PASSWORD } }),
      await call(staffLogin, { method: "POST", path: "/api/staff/login", body: { businessId: owner.businessId, username: "anyone", password: "whatever1" } }),
      await call(verifyAccess, { method: "POST", path: "/api/customer/verify-access", body: { email: portal.email } }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject(MAINTENANCE);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect(await db.outboundMessage.count()).toBe(outboxBefore);
  });

  it("answers signed-in owners, staff and portal customers with the maintenance answer", async () => {
    expect((await call(currentUser, { path: "/api/auth/user", cookie: owner.cookie })).status).toBe(503);
    expect((await call(portalAccount, { path: "/api/customer-portal/account", cookie: portal.cookie })).status).toBe(503);
    expect((await call(portalPreferences, { method: "PUT", path: "/api/customer-portal/preferences", cookie: portal.cookie, body: { emailMarketing: false } })).status).toBe(503);
    expect((await call(portalAccount, { path: "/api/customer-portal/account" })).json).toMatchObject(MAINTENANCE); // 503 before 401
    expect((await call(staffCustomers, { path: "/api/staff/customers", cookie: staff.cookie })).status).toBe(503);
  });

  it("replaces every page but the super admin's with the maintenance screen", async () => {
    for (const path of ["/", "/auth", "/dashboard", "/staff/login", "/customer-portal", "/customer-preferences", "/confirm-membership/abc"]) {
      expect([path, (await page(path, owner.cookie)).headers.get("x-middleware-rewrite")]).toEqual([path, expect.stringMatching(/\/maintenance$/)]);
    }
    expect((await page("/admin-login")).headers.get("x-middleware-rewrite")).toBeNull();
    expect((await page("/admin-dashboard", admin.cookie)).headers.get("x-middleware-rewrite")).toBeNull();
  });

  it("lets the super admin sign in and work", async () => {
    const fresh = await createAdmin("Maintenance Admin");
    const signedIn = await call(adminLogin, { method: "POST", path: "/api/admin/login", body: { email: fresh.email, password: ADMIN_PASSWORD } });
    expect(signedIn.status).toBe(200);
    expect((await call(adminStats, { path: "/api/admin/stats", cookie: admin.cookie })).status).toBe(200);
  });

  it("keeps Stripe webhooks, the wallet web service, cron, logout and health working", async () => {
    const webhook = await call(stripeWebhook, { method: "POST", path: "/api/webhooks/stripe", rawBody: "{}", headers: { "stripe-signature": "t=1,v1=bad" } });
    expect(webhook.status).not.toBe(503);
    const passes = await call(listUpdatedPasses, {
      path: "/api/wallet/apple/v1/devices/device-1/registrations/pass.example",
      params: { deviceLibraryIdentifier: "device-1", passTypeIdentifier: "pass.example" },
    });
    expect(passes.status).not.toBe(503);
    expect((await call(housekeeping, { path: "/api/cron/housekeeping" })).status).toBe(200);
    expect((await call(logout, { method: "POST", path: "/api/logout", cookie: owner.cookie })).status).toBe(200);
    expect((await call(health, { path: "/api/health" })).status).toBe(200);
  });

  it("reads the flag for pages at most once per 5 s, through the process's one pool (the one Prisma uses)", async () => {
    const pool = sharedPool();
    await db.$queryRaw`SELECT 1`;
    expect(pool.totalCount).toBeGreaterThan(0); // Prisma's queries run on the shared pool
    forgetMaintenanceFlag();
    const query = jest.spyOn(pool, "query");
    try {
      for (let i = 0; i < 20; i++) expect((await page("/dashboard", owner.cookie)).headers.get("x-middleware-rewrite")).toMatch(/\/maintenance$/);
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
    expect(sharedPool()).toBe(pool);
  });

  it("opens again when switched off", async () => {
    await setMaintenance(false);
    expect((await call(login, { method: "POST", path: "/api/auth/login", body: { email: owner.email, password: TEST_PASSWORD } })).status).toBe(200);
    expect((await page("/auth")).headers.get("x-middleware-rewrite")).toBeNull();
    await setMaintenance(true);
  });
});
