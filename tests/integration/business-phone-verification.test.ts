/** @jest-environment node */
import { POST as sendCode } from "@/app/api/business/send-sms-verification/route";
import { POST as verifyCode } from "@/app/api/business/verify-sms-code/route";
import { GET as getBusiness } from "@/app/api/business/route";
import { db } from "@/lib/db";
import { normaliseUkPhone } from "@/lib/validation/common";
import type { BusinessSettingsDto } from "@/lib/business/business-dto";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession, randomMobile } from "../helpers/factories";
import { lastCodeTo } from "../helpers/customers";

const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, "0");
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

async function send(cookie: string, phone: string, headers?: Record<string, string>) {
  return call<{ message: string; phone: string }>(sendCode, { method: "POST", cookie, body: { phone, businessName: "Ignored Name" }, headers });
}

describe("business phone verification", () => {
  it("texts a 4-digit code, verifies it, and stores the number as the verified business phone", async () => {
    const biz = await createBusinessSession();
    const phone = randomMobile();
    const e164 = normaliseUkPhone(phone);
    const sent = await send(biz.cookie, phone);
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({ message: `A 4-digit verification code has been sent to ${e164}`, phone: e164 });

    const sms = await db.outboundMessage.findFirstOrThrow({ where: { recipient: e164, channel: "sms" }, orderBy: { id: "desc" } });
    expect(sms.businessId).toBe(biz.businessId);
    expect(sms.text).toContain(biz.businessName); // the stored name, not the one in the request
    expect(sms.text).not.toContain("Ignored Name");
    const code = await lastCodeTo(e164);
    expect(code).toMatch(/^\d{4}$/);
    const stored = await db.verificationCode.findFirstOrThrow({ where: { purpose: "business_phone", businessId: biz.businessId } });
    expect(stored.codeHash).not.toContain(code);

    const at = new Date().toISOString();
    const ok = await call(verifyCode, { method: "POST", cookie: biz.cookie, body: { code }, headers: { "x-test-now": at } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ message: "Phone number verified", phone: e164, phoneVerified: true, phoneVerifiedAt: at });

    const settings = await call<BusinessSettingsDto>(getBusiness, { cookie: biz.cookie });
    expect(settings.json).toMatchObject({ phone: e164, phoneVerified: true, phoneVerifiedAt: at });
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "business_phone_verified" } })).toBe(1);

    // A code works once.
    const again = await call(verifyCode, { method: "POST", cookie: biz.cookie, body: { code } });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe("No verification code has been sent. Please request a new code.");
  });

  it("refuses a wrong code with 'Invalid verification code' and keeps the phone unverified", async () => {
    const biz = await createBusinessSession();
    const phone = randomMobile();
    await send(biz.cookie, phone);
    const code = await lastCodeTo(phone);
    const wrong = await call(verifyCode, { method: "POST", cookie: biz.cookie, body: { code: otherCode(code) } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toMatch(/^Invalid verification code/);
    const row = await db.business.findUniqueOrThrow({ where: { id: biz.businessId } });
    expect(row.phoneVerifiedAt).toBeNull();
    expect(row.phone).toBe("+447700900123");
  });

  it("allows 5 tries, then the code is dead", async () => {
    const biz = await createBusinessSession();
    const phone = randomMobile();
    await send(biz.cookie, phone);
    const code = await lastCodeTo(phone);
    for (let i = 0; i < 4; i++) {
      expect((await call(verifyCode, { method: "POST", cookie: biz.cookie, body: { code: otherCode(code) } })).status).toBe(400);
    }
    expect((await call(verifyCode, { method: "POST", cookie: biz.cookie, body: { code: otherCode(code) } })).status).toBe(429);
    const right = await call(verifyCode, { method: "POST", cookie: biz.cookie, body: { code } });
    expect(right.status).toBe(429);
    expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).phoneVerifiedAt).toBeNull();
  });

  it("expires the code after 10 minutes", async () => {
    const biz = await createBusinessSession();
    const phone = randomMobile();
    await send(biz.cookie, phone);
    const code = await lastCodeTo(phone);
    const late = await call(verifyCode, { method: "POST", cookie: biz.cookie, body: { code }, headers: { "x-test-now": minutesFromNow(11) } });
    expect(late.status).toBe(400);
    expect(late.json.message).toMatch(/expired/);
  });

  it("verifies only the number the newest code went to", async () => {
    const biz = await createBusinessSession();
    const first = randomMobile();
    const second = randomMobile();
    await send(biz.cookie, first);
    const firstCode = await lastCodeTo(first);
    await send(biz.cookie, second);
    const secondCode = await lastCodeTo(second);
    if (firstCode !== secondCode) {
      expect((await call(verifyCode, { method: "POST", cookie: biz.cookie, body: { code: firstCode } })).status).toBe(400);
    }
    const ok = await call(verifyCode, { method: "POST", cookie: biz.cookie, body: { code: secondCode } });
    expect(ok.status).toBe(200);
    expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).phone).toBe(normaliseUkPhone(second));
  });

  it("throttles resends to the same number", async () => {
    const biz = await createBusinessSession();
    const phone = randomMobile();
    expect((await send(biz.cookie, phone)).status).toBe(200);
    const resend = await send(biz.cookie, phone);
    expect(resend.status).toBe(429);
    expect(resend.json.message).toMatch(/^Please wait \d+ seconds before requesting another code\.$/);
    expect((await send(biz.cookie, phone, { "x-test-now": minutesFromNow(1) })).status).toBe(200);
  });

  it("never lets one business use another's code", async () => {
    const owner = await createBusinessSession();
    const attacker = await createBusinessSession();
    const phone = randomMobile();
    await send(owner.cookie, phone);
    const code = await lastCodeTo(phone);
    const res = await call(verifyCode, { method: "POST", cookie: attacker.cookie, body: { code } });
    expect(res.status).toBe(400);
    expect((await db.business.findUniqueOrThrow({ where: { id: attacker.businessId } })).phoneVerifiedAt).toBeNull();
    // The owner's code still works.
    expect((await call(verifyCode, { method: "POST", cookie: owner.cookie, body: { code } })).status).toBe(200);
  });

  it.each([[{ code: "123" }], [{ code: "12345" }], [{ code: "12a4" }], [{ code: 1234 }], [{}]])("refuses %j: 'Please enter a 4-digit verification code'", async (body) => {
    const biz = await createBusinessSession();
    const res = await call(verifyCode, { method: "POST", cookie: biz.cookie, body });
    expectRefusal(res, 400, "Please enter a 4-digit verification code");
  });

  it("answers 400 when no code was sent", async () => {
    const biz = await createBusinessSession();
    const res = await call(verifyCode, { method: "POST", cookie: biz.cookie, body: { code: "1234" } });
    expectRefusal(res, 400, "No verification code has been sent. Please request a new code.");
  });

  it.each([[{ phone: "12345" }], [{ phone: "+1 555 123 4567" }], [{}], [{ phone: 7700900123 }]])("refuses %j as a UK phone number", async (body) => {
    const biz = await createBusinessSession();
    const res = await call(sendCode, { method: "POST", cookie: biz.cookie, body });
    expectRefusal(res, 400, "please enter a valid UK phone number");
  });

  it("answers 400 for malformed bodies and 401 without a session", async () => {
    const biz = await createBusinessSession();
    for (const handler of [sendCode, verifyCode]) {
      const res = await call(handler, { method: "POST", cookie: biz.cookie, rawBody: "{bad", headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
    }
    expect((await call(sendCode, { method: "POST", body: { phone: randomMobile() } })).status).toBe(401);
    expect((await call(verifyCode, { method: "POST", body: { code: "1234" } })).status).toBe(401);
  });
});
