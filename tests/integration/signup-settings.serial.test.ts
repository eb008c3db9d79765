/** @jest-environment node */
import { POST as signup } from "@/app/api/auth/signup/route";
import { POST as sendCode } from "@/app/api/auth/signup/send-code/route";
import { POST as verifyAccessCode } from "@/app/api/auth/verify-access-code/route";
import { GET as systemSettings } from "@/app/api/admin/system-settings/route";
import { createSession } from "@/lib/auth/session";
import { sessionCookieName } from "@/lib/auth/cookies";
import { db } from "@/lib/db";
import { normaliseUkPhone } from "@/lib/validation/common";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession, randomMobile, signUpWithCode, signupPayload } from "../helpers/factories";

// Changes platform-wide settings: runs in the serial phase of `npm test`.

const DEFAULTS = { signupsEnabled: true, pinProtectionEnabled: false, signupPin: null, bannerEnabled: false, bannerTitle: null, bannerText: null };

async function settings(data: Record<string, unknown>) {
  await db.systemSettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
  await db.systemSettings.update({ where: { id: 1 }, data });
}

afterEach(() => settings(DEFAULTS));

describe("POST /api/auth/signup and the system settings", () => {
  it("refuses sign-ups (and code texts) while they are paused", async () => {
    await settings({ signupsEnabled: false });
    const phone = randomMobile();
    const paused = await call(signup, { method: "POST", body: { ...signupPayload({ phone }), verificationCode: "1234" } });
    expect(paused.status).toBe(403);
    expect(paused.json).toMatchObject({ message: "signups temporarily paused" });
    const noText = await call(sendCode, { method: "POST", body: { phone } });
    expect(noText.status).toBe(403);
    expect(noText.json).toMatchObject({ message: "signups temporarily paused" });
    expect(await db.outboundMessage.count({ where: { recipient: normaliseUkPhone(phone) } })).toBe(0);
    const gate = await call(verifyAccessCode, { method: "POST", body: { accessCode: "anything" } });
    expect(gate.status).toBe(403);
    expect(gate.json).toMatchObject({ message: "signups temporarily paused" });
  });

  it("checks the access code when PIN protection is on: at the gate, before texting, and at creation", async () => {
    await settings({ pinProtectionEnabled: true, signupPin: "4321" });
    const wrongGate = await call(verifyAccessCode, { method: "POST", body: { accessCode: "0000" } });
    expect(wrongGate.status).toBe(403);
    expect(wrongGate.json).toMatchObject({ message: "Invalid access code. Please try again." });
    const rightGate = await call(verifyAccessCode, { method: "POST", body: { accessCode: " 4321 " } });
    expect(rightGate.status).toBe(200);
    expect(rightGate.json).toMatchObject({ valid: true });

    const phone = randomMobile();
    const noCode = await call(sendCode, { method: "POST", body: { phone } });
    expect(noCode.status).toBe(403);
    expect(noCode.json).toMatchObject({ message: "Invalid access code. Please try again." });

    const wrong = await call(signup, { method: "POST", body: { ...signupPayload({ phone }), accessCode: "0000", verificationCode: "1234" } });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ message: "Invalid access code. Please try again." });
    const right = await signUpWithCode(signupPayload({ phone, accessCode: "4321" }));
    expect(right.status).toBe(201);
  });

  it("PIN protection with no PIN set lets nobody in", async () => {
    await settings({ pinProtectionEnabled: true, signupPin: null });
    const res = await call(verifyAccessCode, { method: "POST", body: { accessCode: "" } });
    expectRefusal(res, 400, "Invalid access code. Please try again.");
    expect((await call(verifyAccessCode, { method: "POST", body: { accessCode: "null" } })).status).toBe(403);
    expect((await call(verifyAccessCode, { method: "POST", body: { accessCode: 4321 } })).json).toMatchObject({ message: "Invalid access code. Please try again." });
  });

  it("the access-code gate answers { valid: true } without PIN protection, and is rate-limited per address", async () => {
    const ok = await call(verifyAccessCode, { method: "POST", body: { accessCode: "whatever" } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ valid: true, pinProtectionEnabled: false });

    await settings({ pinProtectionEnabled: true, signupPin: "9876" });
    const ip = "192.0.2.200";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(verifyAccessCode, { method: "POST", body: { accessCode: String(1000 + i) }, ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
    const blocked = await call(verifyAccessCode, { method: "POST", body: { accessCode: "9876" }, ip });
    expect(blocked.status).toBe(429);
    expect(blocked.json).toMatchObject({ message: "Too many access code attempts. Please wait 15 minutes and try again." });
  });
});

describe("GET /api/admin/system-settings", () => {
  const configured = { signupsEnabled: false, pinProtectionEnabled: true, signupPin: "2468", bannerEnabled: true, bannerTitle: "Heads up", bannerText: "New features" };

  it("answers the public subset to anyone, never the signup PIN", async () => {
    const owner = await createBusinessSession();
    await settings(configured);
    const anonymous = await call(systemSettings);
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toEqual({
      signupsEnabled: false,
      pinProtectionEnabled: true,
      maintenanceMode: false,
      bannerEnabled: true,
      bannerTitle: "Heads up",
      bannerText: "New features",
      defaultSubscriptionPrice: expect.stringMatching(/^\d+\.\d{2}$/),
    });
    expect(anonymous.text).not.toContain("2468");

    const asOwner = await call(systemSettings, { cookie: owner.cookie });
    expect(asOwner.json).not.toHaveProperty("signupPin");
  });

  it("answers everything, the PIN included, to a super admin", async () => {
    await settings(configured);
    const admin = await db.superAdmin.create({ data: { email: `admin-${Date.now()}@example.test`, name: "Root", passwordHash: "x" } });
    const session = await createSession({ kind: "admin", superAdminId: admin.id });
    const res = await call(systemSettings, { cookie: `${sessionCookieName()}=${session.cookieValue}` });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ...configured, maintenanceMode: false });
  });
});
