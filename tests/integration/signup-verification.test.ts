/** @jest-environment node */
import { POST as signup } from "@/app/api/auth/signup/route";
import { POST as sendCode } from "@/app/api/auth/signup/send-code/route";
import { db } from "@/lib/db";
import { normaliseUkPhone } from "@/lib/validation/common";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession, randomMobile, signUpWithCode, signupPayload } from "../helpers/factories";
import { lastCodeTo } from "../helpers/customers";

// Spec 3 section 4 "Sign-up": the phone verification dialog follows step 2, and the account is
// created only once the phone is verified (POST /api/auth/signup/send-code, then the code with
// POST /api/auth/signup).

const at = (iso: string) => ({ "x-test-now": iso });
const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, "0");

async function send(phone: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>, ip?: string) {
  return call<{ message: string; phone: string }>(sendCode, { method: "POST", body: { phone, ...extra }, headers, ip });
}

describe("POST /api/auth/signup/send-code", () => {
  it("texts a 4-digit code to the normalised number", async () => {
    const phone = randomMobile();
    const res = await send(phone.replace(/^0(\d{4})/, "0$1 "));
    expect(res.status).toBe(200);
    const e164 = normaliseUkPhone(phone);
    expect(res.json).toEqual({ message: `A 4-digit verification code has been sent to ${e164}`, phone: e164 });
    const sms = await db.outboundMessage.findFirstOrThrow({ where: { recipient: e164, channel: "sms" }, orderBy: { id: "desc" } });
    expect(sms.text).toMatch(/^\d{4} is your Loyalty Legends code to verify your phone number/);
    const row = await db.verificationCode.findFirstOrThrow({ where: { purpose: "business_signup", target: e164 } });
    expect(row.codeHash).not.toContain(await lastCodeTo(e164)); // stored hashed
  });

  it("refuses a number that is not a UK number with the spec's message, and texts nothing", async () => {
    for (const phone of ["12345", "+1 555 123 4567"]) {
      const res = await send(phone);
      expectRefusal(res, 400, "please enter a valid UK phone number");
    }
  });

  it("answers the same for a taken email as for a new one: only a verified code learns it is taken (issue 19)", async () => {
    const existing = await createBusinessSession();
    const phone = randomMobile();
    const res = await send(phone, { email: existing.email.toUpperCase() });
    expect(res.status).toBe(200);
    const fresh = await send(randomMobile(), { email: `new-${Date.now()}@example.test` });
    expect(Object.keys(res.json).sort()).toEqual(Object.keys(fresh.json).sort());
    expect(await db.outboundMessage.count({ where: { recipient: normaliseUkPhone(phone) } })).toBe(1);
  });

  it("throttles resends per number: one per 30 seconds, five an hour (429 with Retry-After)", async () => {
    const phone = randomMobile();
    const t0 = Date.parse("2031-03-01T10:00:00Z");
    const iso = (seconds: number) => new Date(t0 + seconds * 1000).toISOString();
    expect((await send(phone, {}, at(iso(0)))).status).toBe(200);
    const tooSoon = await send(phone, {}, at(iso(10)));
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json.message).toBe("Please wait 20 seconds before requesting another code.");
    expect(tooSoon.headers.get("retry-after")).toBe("20");
    for (const s of [31, 62, 93, 124]) expect((await send(phone, {}, at(iso(s)))).status).toBe(200);
    const sixth = await send(phone, {}, at(iso(155)));
    expect(sixth.status).toBe(429);
    expect(sixth.json.message).toBe("Too many codes sent to this number. Please try again in an hour.");
  });

  it("limits code requests per network address to 10 an hour", async () => {
    const ip = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send(randomMobile(), {}, undefined, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const blocked = await send(randomMobile(), {}, undefined, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toBe("Too many verification codes requested from this network. Please try again later.");
  });
});

describe("POST /api/auth/signup with the texted code", () => {
  it("creates the account only with the right code, stores the number as verified and uses the code up", async () => {
    const phone = randomMobile();
    const e164 = normaliseUkPhone(phone);
    const now = "2031-04-01T09:00:00.000Z";
    expect((await send(phone, {}, at(now))).status).toBe(200);
    const code = await lastCodeTo(e164);
    const payload = signupPayload({ phone });

    const missing = await call(signup, { method: "POST", body: payload, headers: at(now) });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ message: "Please enter a 4-digit verification code" });

    const wrong = await call(signup, { method: "POST", body: { ...payload, verificationCode: otherCode(code) }, headers: at(now) });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ message: "Invalid verification code. 4 tries left." });
    expect(await db.business.count({ where: { email: payload.email } })).toBe(0);

    const ok = await call<{ user: { id: number } }>(signup, { method: "POST", body: { ...payload, verificationCode: code }, headers: at(now) });
    expect(ok.status).toBe(201);
    const row = await db.business.findUniqueOrThrow({ where: { id: ok.json.user.id } });
    expect(row.phone).toBe(e164);
    expect(row.phoneVerifiedAt?.toISOString()).toBe(now);
    const activity = await db.activityLog.findFirstOrThrow({ where: { businessId: row.id, action: "business_signup" } });
    expect(activity.newValues).toMatchObject({ phone: e164, phoneVerifiedAt: now });

    // The code worked once: a second account cannot reuse it.
    const again = await call(signup, { method: "POST", body: { ...signupPayload({ phone }), verificationCode: code }, headers: at(now) });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ message: "No verification code was sent to this number. Please request a new code." });
  });

  it("refuses a code sent to another number, and a code that has expired (10 minutes)", async () => {
    const [phoneA, phoneB] = [randomMobile(), randomMobile()];
    expect((await send(phoneA, {}, at("2031-05-01T09:00:00Z"))).status).toBe(200);
    const code = await lastCodeTo(normaliseUkPhone(phoneA));
    const elsewhere = await call(signup, { method: "POST", body: { ...signupPayload({ phone: phoneB }), verificationCode: code }, headers: at("2031-05-01T09:01:00Z") });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json).toMatchObject({ message: "No verification code was sent to this number. Please request a new code." });

    const late = await call(signup, { method: "POST", body: { ...signupPayload({ phone: phoneA }), verificationCode: code }, headers: at("2031-05-01T09:10:01Z") });
    expect(late.status).toBe(400);
    expect(late.json).toMatchObject({ message: "Your verification code has expired. Please request a new code." });
  });

  it("allows 5 tries per code: then 429 and the right code no longer works", async () => {
    const phone = randomMobile();
    expect((await send(phone)).status).toBe(200);
    const code = await lastCodeTo(normaliseUkPhone(phone));
    const payload = signupPayload({ phone });
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(signup, { method: "POST", body: { ...payload, verificationCode: otherCode(code) } });
      messages.push(`${res.status} ${(res.json as { message: string }).message}`);
    }
    expect(messages).toEqual([
      "400 Invalid verification code. 4 tries left.",
      "400 Invalid verification code. 3 tries left.",
      "400 Invalid verification code. 2 tries left.",
      "400 Invalid verification code. 1 try left.",
      "429 Too many incorrect attempts. Please request a new code.",
    ]);
    const right = await call(signup, { method: "POST", body: { ...payload, verificationCode: code } });
    expect(right.status).toBe(429);
    expect(await db.business.count({ where: { email: payload.email } })).toBe(0);
  });

  it("limits sign-ups per network address to 10 an hour", async () => {
    const ip = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await call(signup, { method: "POST", body: { ...signupPayload({ phone: randomMobile() }), verificationCode: "1234" }, ip })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const blocked = await call(signup, { method: "POST", body: { ...signupPayload({ phone: randomMobile() }), verificationCode: "1234" }, ip });
    expect(blocked.json).toMatchObject({ message: "Too many sign-ups from this network. Please try again later." });
  });

  it("the test factory signs up through the same flow", async () => {
    const phone = randomMobile();
    const biz = await createBusinessSession({ phone });
    const row = await db.business.findUniqueOrThrow({ where: { id: biz.businessId } });
    expect(row.phone).toBe(normaliseUkPhone(phone));
    expect(row.phoneVerifiedAt).not.toBeNull();
    const res = await signUpWithCode(signupPayload({ phone: randomMobile() }));
    expect(res.status).toBe(201);
  });
});
