/** @jest-environment node */
import { NextRequest } from "next/server";
import { middleware } from "@/middleware";
import { POST as passcodeRoute } from "@/app/api/passcode/route";
import { db } from "@/lib/db";
import { forgetMaintenanceFlag } from "@/lib/settings/maintenance-flag";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";

const req = (path: string, cookie?: string) => new NextRequest(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
const rewrittenTo = (res: Response) => res.headers.get("x-middleware-rewrite");

describe("middleware", () => {
  it("sends signed-out visitors of business pages to /auth and lets owners through", async () => {
    const signedOut = await middleware(req("/customers"));
    expect(signedOut.status).toBe(307);
    expect(signedOut.headers.get("location")).toMatch(/\/auth$/);
    const biz = await createBusinessSession();
    const signedIn = await middleware(req("/customers", biz.cookie));
    expect(signedIn.headers.get("location")).toBeNull();
    expect((await middleware(req("/admin-dashboard", biz.cookie))).headers.get("location")).toMatch(/\/admin-login$/);
    expect((await middleware(req("/staff/dashboard", biz.cookie))).headers.get("location")).toMatch(/\/staff\/login$/);
  });

  describe("maintenance mode", () => {
    // middleware may use a copy of the flag up to 5 s old: forget it after switching. The owner
    // signs up first: sign-up itself is closed during maintenance.
    let biz: Awaited<ReturnType<typeof createBusinessSession>>;
    beforeAll(async () => {
      biz = await createBusinessSession();
      await db.systemSettings.upsert({ where: { id: 1 }, create: { id: 1, maintenanceMode: true }, update: { maintenanceMode: true } });
      forgetMaintenanceFlag();
    });
    afterAll(async () => {
      await db.systemSettings.update({ where: { id: 1 }, data: { maintenanceMode: false } });
      forgetMaintenanceFlag();
    });

    it("replaces business pages with the maintenance screen but keeps the admin area", async () => {
      expect(rewrittenTo(await middleware(req("/dashboard", biz.cookie)))).toMatch(/\/maintenance$/);
      expect(rewrittenTo(await middleware(req("/auth")))).toMatch(/\/maintenance$/);
      expect(rewrittenTo(await middleware(req("/admin-login")))).toBeNull();
    });
  });

  describe("passcode gate", () => {
    beforeAll(() => (process.env.TESTING_PASSCODE = "open-sesame"));
    afterAll(() => delete process.env.TESTING_PASSCODE);

    it("shows the gate to pages and refuses the API until the passcode is given", async () => {
      expect(rewrittenTo(await middleware(req("/auth")))).toMatch(/\/passcode\?next=%2Fauth$/);
      const api = await middleware(req("/api/auth/user"));
      expect(api.status).toBe(401);
      expect(await api.json()).toMatchObject({ message: "access restricted" });
      // vendors and phones are not gated
      expect((await middleware(req("/api/webhooks/stripe"))).status).toBe(200);
    });

    it("a wrong passcode gets the spec's message; the right one sets a cookie that opens the gate", async () => {
      const wrong = await call(passcodeRoute, { method: "POST", body: { passcode: "nope" } });
      expect(wrong.status).toBe(401);
      expect(wrong.json).toMatchObject({ message: "incorrect passcode - please try again" });
      const right = await call(passcodeRoute, { method: "POST", body: { passcode: "open-sesame" } });
      expect(right.status).toBe(200);
      expect(right.headers.get("set-cookie")).toMatch(/HttpOnly/);
      expect(right.cookie).not.toContain("open-sesame");
      const through = await middleware(req("/auth", right.cookie));
      expect(rewrittenTo(through)).toBeNull();
      expect(through.status).toBe(200);
    });
  });
});
