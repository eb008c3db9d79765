/** @jest-environment node */
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { POST as resetWithLink } from "@/app/api/reset-password/route";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { db } from "@/lib/db";
import { normaliseUkPhone } from "@/lib/validation/common";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession, randomMobile } from "../helpers/factories";
import { lastCodeTo } from "../helpers/customers";

// Spec 3 sections 4, 5, 7 and 8, "Password reset (business)": phone, (choose an account), the
// texted code and the new password, then back to sign in.

const NEW_PASSWORD = "N3w-passw0rd!";
const at = (iso: string) => ({ "x-test-now": iso });
const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, "0");

type Started = { token: string; businessName: string; message: string };
type Selection = { requiresSelection: true; accounts: { id: number; name: string; email: string }[] };

async function owner() {
  const phone = randomMobile();
  const biz = await createBusinessSession({ phone });
  return { ...biz, phone, e164: normaliseUkPhone(phone) };
}

function forgot(body: Record<string, unknown>, opts: { headers?: Record<string, string>; ip?: string } = {}) {
  return call<Started & Selection>(forgotPassword, { method: "POST", body, ...opts });
}

function reset(body: Record<string, unknown>, opts: { headers?: Record<string, string>; ip?: string } = {}) {
  return call<{ message: string }>(resetPassword, { method: "POST", body: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ...body }, ...opts });
}

describe("POST /api/auth/forgot-password", () => {
  it("answers 404 with the spec's message for a number with no account, 400 for a number that is not UK", async () => {
    const unknown = await forgot({ phone: randomMobile() });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ message: "No account found with this phone number." });
    const bad = await forgot({ phone: "555-1234" });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ message: "please enter a valid UK phone number" });
  });

  it("with one account: returns a token and the business name, texts a code, stores only a hash (10 minutes)", async () => {
    const biz = await owner();
    const now = "2031-06-01T12:00:00.000Z";
    const res = await forgot({ phone: biz.phone.replace(/^0/, "+44 ") }, { headers: at(now) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ token: expect.stringMatching(/^[\w-]{40,}$/), businessName: biz.businessName, message: expect.stringMatching(/^A 4-digit code has been sent to \*+\d{3}$/) });
    expect(res.json).not.toHaveProperty("requiresSelection");
    const row = await db.business.findUniqueOrThrow({ where: { id: biz.businessId } });
    expect(row.resetTokenHash).toMatch(/^sms:[0-9a-f]{64}$/);
    expect(row.resetTokenHash).not.toContain(res.json.token);
    expect(row.resetExpires?.toISOString()).toBe("2031-06-01T12:10:00.000Z");
    const sms = await db.outboundMessage.findFirstOrThrow({ where: { recipient: biz.e164 }, orderBy: { id: "desc" } });
    expect(sms.text).toMatch(new RegExp(`^\\d{4} is your Loyalty Legends password reset code for ${biz.businessName}`));
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "password_reset_requested" } })).toBe(1);
  });

  it("with several accounts on the number: asks to choose (masked emails), then texts the chosen one", async () => {
    const first = await owner();
    const second = await createBusinessSession({ phone: randomMobile() });
    await db.business.update({ where: { id: second.businessId }, data: { phone: first.e164 } });

    const choose = await forgot({ phone: first.phone });
    expect(choose.status).toBe(200);
    expect(choose.json.requiresSelection).toBe(true);
    expect(choose.json).not.toHaveProperty("token");
    const mask = (email: string) => `${email[0]}***${email.slice(email.indexOf("@"))}`;
    expect(choose.json.accounts).toEqual([
      { id: first.businessId, name: first.businessName, email: mask(first.email) },
      { id: second.businessId, name: second.businessName, email: mask(second.email) },
    ]);
    expect(choose.json.accounts[0].email).toMatch(/^o\*\*\*@example\.test$/);

    const chosen = await forgot({ phone: first.phone, businessId: second.businessId });
    expect(chosen.status).toBe(200);
    expect(chosen.json).toMatchObject({ businessName: second.businessName, token: expect.any(String) });
    expect((await db.business.findUniqueOrThrow({ where: { id: second.businessId } })).resetTokenHash).toMatch(/^sms:/);
    expect((await db.business.findUniqueOrThrow({ where: { id: first.businessId } })).resetTokenHash).toBeNull();

    // An account that is not on this number is "not found", never someone else's account.
    const elsewhere = await owner();
    const wrong = await forgot({ phone: first.phone, businessId: elsewhere.businessId });
    expect(wrong.status).toBe(404);
    expect(wrong.json).toMatchObject({ message: "No account found with this phone number." });
  });

  it("rate-limits per phone number (6 an hour) and per network address (10 per 15 minutes)", async () => {
    const first = await owner();
    const second = await createBusinessSession({ phone: randomMobile() });
    await db.business.update({ where: { id: second.businessId }, data: { phone: first.e164 } });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await forgot({ phone: first.phone })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const blocked = await forgot({ phone: first.phone });
    expect(blocked.json).toMatchObject({ message: "Too many password reset requests for this phone number. Please try again in an hour." });
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);

    const ip = `192.0.2.${1 + Math.floor(Math.random() * 250)}`;
    const fromOneAddress: number[] = [];
    for (let i = 0; i < 11; i++) fromOneAddress.push((await forgot({ phone: randomMobile() }, { ip })).status);
    expect(fromOneAddress.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(fromOneAddress[10]).toBe(429);
    expect((await forgot({ phone: randomMobile() }, { ip })).json).toMatchObject({ message: "Too many password reset requests. Please wait 15 minutes and try again." });
  });

  it("throttles code sends to one account: a second request within 30 seconds is a 429", async () => {
    const biz = await owner();
    expect((await forgot({ phone: biz.phone }, { headers: at("2031-06-02T08:00:00Z") })).status).toBe(200);
    const again = await forgot({ phone: biz.phone }, { headers: at("2031-06-02T08:00:05Z") });
    expect(again.status).toBe(429);
    expect(again.json).toMatchObject({ message: "Please wait 25 seconds before requesting another code." });
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password with the token and the code, ends every session, and works once", async () => {
    const biz = await owner();
    const started = await forgot({ phone: biz.phone });
    const code = await lastCodeTo(biz.e164);
    const before = await db.business.findUniqueOrThrow({ where: { id: biz.businessId } });

    const wrong = await reset({ token: started.json.token, code: otherCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ message: "Invalid verification code. 4 tries left." });
    expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).passwordHash).toBe(before.passwordHash);

    const ok = await reset({ token: started.json.token, code });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ message: "password updated successfully" });

    const after = await db.business.findUniqueOrThrow({ where: { id: biz.businessId } });
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.resetTokenHash).toBeNull();
    expect(after.resetExpires).toBeNull();
    // The session opened at sign-up is over; the old password no longer works, the new one does.
    expect((await call(currentUser, { cookie: biz.cookie })).status).toBe(401);
    expect((await call(login, { method: "POST", body: { email: biz.email, password: biz.password } })).status).toBe(401);
    const signedIn = await call(login, { method: "POST", body: { email: biz.email, password: NEW_PASSWORD } });
    expect(signedIn.status).toBe(200);
    const activity = await db.activityLog.findFirstOrThrow({ where: { businessId: biz.businessId, action: "password_reset" } });
    expect(activity.newValues).toMatchObject({ method: "sms_code", sessionsEnded: 1 });
    expect(JSON.stringify(activity)).not.toContain(NEW_PASSWORD);

    const reused = await reset({ token: started.json.token, code });
    expect(reused.status).toBe(400);
    expect(reused.json).toMatchObject({ message: "invalid verification code or expired token." });
    expect((await call(currentUser, { cookie: signedIn.cookie })).status).toBe(200);
  });

  it.each([
    [{ newPassword: "Ab1!", confirmPassword: "Ab1!" }, "Password must be at least 8 characters long"],
    [{ newPassword: "12345678!", confirmPassword: "12345678!" }, "Password must contain at least one letter"],
    [{ newPassword: "Password!", confirmPassword: "Password!" }, "Password must contain at least one number"],
    [{ newPassword: "Password1", confirmPassword: "Password1" }, "Password must contain at least one special character"],
    [{ confirmPassword: "Different1!" }, "Passwords don't match"],
    [{ code: "12" }, "Please enter a 4-digit verification code"],
    [{ code: undefined }, "Please enter a 4-digit verification code"],
  ])("rejects %j with the capitalised message", async (override, message) => {
    const res = await reset({ token: "some-token", code: "1234", ...override });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message, error: { code: "bad_request", message } });
  });

  it("refuses an unknown token and a token older than 10 minutes", async () => {
    const unknown = await reset({ token: "not-a-real-token", code: "1234" });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ message: "invalid verification code or expired token." });

    const biz = await owner();
    const started = await forgot({ phone: biz.phone }, { headers: at("2031-07-01T10:00:00Z") });
    const code = await lastCodeTo(biz.e164);
    const late = await reset({ token: started.json.token, code }, { headers: at("2031-07-01T10:10:00Z") });
    expect(late.status).toBe(400);
    expect(late.json).toMatchObject({ message: "invalid verification code or expired token." });
    const inTime = await reset({ token: started.json.token, code }, { headers: at("2031-07-01T10:09:59Z") });
    expect(inTime.status).toBe(200);
  });

  it("allows 5 tries per code, then 429 even with the right code", async () => {
    const biz = await owner();
    const started = await forgot({ phone: biz.phone });
    const code = await lastCodeTo(biz.e164);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await reset({ token: started.json.token, code: otherCode(code) })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await reset({ token: started.json.token, code });
    expect(right.status).toBe(429);
    expect(right.json).toMatchObject({ message: "Too many incorrect attempts. Please request a new code." });
  });

  it("a newer request replaces the earlier token", async () => {
    const biz = await owner();
    const first = await forgot({ phone: biz.phone }, { headers: at("2031-08-01T10:00:00Z") });
    const second = await forgot({ phone: biz.phone }, { headers: at("2031-08-01T10:00:31Z") });
    const code = await lastCodeTo(biz.e164);
    const stale = await reset({ token: first.json.token, code }, { headers: at("2031-08-01T10:01:00Z") });
    expect(stale.status).toBe(400);
    expect(stale.json).toMatchObject({ message: "invalid verification code or expired token." });
    expect((await reset({ token: second.json.token, code }, { headers: at("2031-08-01T10:01:00Z") })).status).toBe(200);
  });

  it("a phone-reset token is not a reset link: POST /api/reset-password refuses it (the code is needed)", async () => {
    const biz = await owner();
    const started = await forgot({ phone: biz.phone });
    const res = await call(resetWithLink, { method: "POST", body: { token: started.json.token, businessId: biz.businessId, newPassword: NEW_PASSWORD } });
    expectRefusal(res, 400, "This reset link is invalid or has expired. Please ask for a new one.");
  });

  it("rate-limits attempts per network address (10 per 15 minutes)", async () => {
    const ip = `198.18.0.${1 + Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await reset({ token: `guess-${i}`, code: "1234" }, { ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await reset({ token: "guess", code: "1234" }, { ip })).json).toMatchObject({ message: "Too many password reset attempts. Please wait 15 minutes and try again." });
  });
});
