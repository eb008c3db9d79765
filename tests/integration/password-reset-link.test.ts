/** @jest-environment node */
import { POST as resetWithLink } from "@/app/api/reset-password/route";
import { POST as resetWithCode } from "@/app/api/auth/reset-password/route";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { createAdminResetLink } from "@/lib/auth/create-admin-reset-link";
import { appUrl } from "@/lib/env";
import { db } from "@/lib/db";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";

// Spec 3 sections 2, 5, 6 and 8: a super admin issues a reset link (1 hour, single use) that opens
// /reset-password?token=..&business=..; the page posts { token, businessId, newPassword }.

const NEW_PASSWORD = "brand-new-pass";
const at = (iso: string) => ({ "x-test-now": iso });

function linkParts(url: string) {
  const u = new URL(url);
  return { token: u.searchParams.get("token")!, businessId: Number(u.searchParams.get("business")), path: u.pathname, origin: u.origin };
}

function post(body: Record<string, unknown>, opts: { headers?: Record<string, string>; ip?: string } = {}) {
  return call<{ message: string }>(resetWithLink, { method: "POST", body, ...opts });
}

describe("createAdminResetLink", () => {
  it("makes a 1-hour link to /reset-password on the app's URL and stores only a hash of the token", async () => {
    const biz = await createBusinessSession();
    const now = new Date("2031-09-01T10:00:00Z");
    const link = await createAdminResetLink(biz.businessId, now);
    const parts = linkParts(link.url);
    expect(parts.origin + parts.path).toBe(`${appUrl()}/reset-password`);
    expect(parts.businessId).toBe(biz.businessId);
    expect(parts.token).toMatch(/^[\w-]{40,}$/);
    expect(link.expiresAt.toISOString()).toBe("2031-09-01T11:00:00.000Z");
    const row = await db.business.findUniqueOrThrow({ where: { id: biz.businessId } });
    expect(row.resetTokenHash).toMatch(/^link:[0-9a-f]{64}$/);
    expect(row.resetTokenHash).not.toContain(parts.token);
    expect(row.resetExpires?.toISOString()).toBe("2031-09-01T11:00:00.000Z");
  });

  it("is a 404 for a business that does not exist", async () => {
    await expect(createAdminResetLink(2_000_000_000)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("POST /api/reset-password", () => {
  it("sets the password, ends the owner's sessions, and the link works once", async () => {
    const biz = await createBusinessSession();
    const { token, businessId } = linkParts((await createAdminResetLink(biz.businessId)).url);
    const ok = await post({ token, businessId, newPassword: NEW_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe("Your password has been reset. You can now sign in with your new password.");
    expect((await call(currentUser, { cookie: biz.cookie })).status).toBe(401);
    expect((await call(login, { method: "POST", body: { email: biz.email, password: biz.password } })).status).toBe(401);
    expect((await call(login, { method: "POST", body: { email: biz.email, password: NEW_PASSWORD } })).status).toBe(200);
    const activity = await db.activityLog.findFirstOrThrow({ where: { businessId: biz.businessId, action: "password_reset" } });
    expect(activity.newValues).toMatchObject({ method: "admin_link" });

    const again = await post({ token, businessId, newPassword: "another-pass-1" });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe("This reset link is invalid or has expired. Please ask for a new one.");
  });

  it("expires after 1 hour", async () => {
    const biz = await createBusinessSession();
    const { token, businessId } = linkParts((await createAdminResetLink(biz.businessId, new Date("2031-10-01T08:00:00Z"))).url);
    const late = await post({ token, businessId, newPassword: NEW_PASSWORD }, { headers: at("2031-10-01T09:00:00Z") });
    expect(late.status).toBe(400);
    expect(late.json.message).toBe("This reset link is invalid or has expired. Please ask for a new one.");
    expect((await post({ token, businessId, newPassword: NEW_PASSWORD }, { headers: at("2031-10-01T08:59:59Z") })).status).toBe(200);
  });

  it("refuses the token with another business's id, a made-up token, and an older link once a new one is issued", async () => {
    const [a, b] = [await createBusinessSession(), await createBusinessSession()];
    const first = linkParts((await createAdminResetLink(a.businessId)).url);
    const crossed = await post({ token: first.token, businessId: b.businessId, newPassword: NEW_PASSWORD });
    expect(crossed.status).toBe(400);
    expect((await post({ token: "made-up", businessId: a.businessId, newPassword: NEW_PASSWORD })).status).toBe(400);

    const second = linkParts((await createAdminResetLink(a.businessId)).url);
    expect((await post({ token: first.token, businessId: a.businessId, newPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await post({ token: second.token, businessId: a.businessId, newPassword: NEW_PASSWORD })).status).toBe(200);
  });

  it("a link token cannot be used by the phone flow (which needs the code)", async () => {
    const biz = await createBusinessSession();
    const { token } = linkParts((await createAdminResetLink(biz.businessId)).url);
    const res = await call(resetWithCode, { method: "POST", body: { token, code: "1234", newPassword: "N3w-passw0rd!", confirmPassword: "N3w-passw0rd!" } });
    expectRefusal(res, 400, "invalid verification code or expired token.");
  });

  it.each([
    [{ newPassword: "" }, "Please enter both password fields."],
    [{ newPassword: undefined }, "Please enter both password fields."],
    [{ newPassword: "short1" }, "Password must be at least 8 characters long."],
    [{ token: "" }, "This reset link is invalid or has expired. Please ask for a new one."],
    [{ businessId: "abc" }, "This reset link is invalid or has expired. Please ask for a new one."],
  ])("validates %j with the page's messages", async (override, message) => {
    const res = await post({ token: "t", businessId: 1, newPassword: NEW_PASSWORD, ...override });
    expectRefusal(res, 400, message);
  });

  it("only the length is enforced, as the spec says (letters and numbers are a hint)", async () => {
    const biz = await createBusinessSession();
    const { token, businessId } = linkParts((await createAdminResetLink(biz.businessId)).url);
    expect((await post({ token, businessId, newPassword: "abcdefgh" })).status).toBe(200);
  });

  it("rate-limits attempts per network address (10 per 15 minutes)", async () => {
    const ip = `198.19.0.${1 + Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post({ token: `guess-${i}`, businessId: 1, newPassword: NEW_PASSWORD }, { ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
