/** @jest-environment node */
import { GET as lastSms } from "@/app/api/test/last-simulated-sms/route";
import { GET as lastEmail } from "@/app/api/test/last-simulated-email/route";
import { sendSms } from "@/lib/sms/send-sms";
import { createElement } from "react";
import { sendEmail } from "@/lib/email/send-email";
import { db } from "@/lib/db";
import { call } from "../helpers/http";

describe("simulated providers (no vendor keys)", () => {
  it("records an SMS in the outbox and serves it by number in any UK spelling", async () => {
    const phone = `+4477009${String(Date.now()).slice(-5)}`;
    const result = await sendSms({ to: phone, body: "Your code is 4821", purpose: "verification" });
    expect(result).toMatchObject({ status: "sent", simulated: true });
    const row = await db.outboundMessage.findUniqueOrThrow({ where: { id: result.id } });
    expect(row).toMatchObject({ channel: "sms", provider: "simulated", recipient: phone });

    const local = "0" + phone.slice(3);
    const res = await call<{ code: string; body: string }>(lastSms, { path: `/api/test/last-simulated-sms?to=${encodeURIComponent(local)}` });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: "4821", body: "Your code is 4821" });
  });

  it("answers 404 for a number with no SMS and 400 without ?to", async () => {
    expect((await call(lastSms, { path: "/api/test/last-simulated-sms?to=07000000000" })).status).toBe(404);
    expect((await call(lastSms, { path: "/api/test/last-simulated-sms" })).status).toBe(400);
  });

  it("records an email and serves it to anyone who names the recipient, and to no one else", async () => {
    const to = `guest-${Date.now()}@example.test`;
    await sendEmail({ to, email: { subject: "Welcome!", react: createElement("p", null, "Hi") }, emailType: "welcome" });
    const res = await call<{ recipientEmail: string; subject: string; html: string; timestamp: string }>(lastEmail, { path: `/api/test/last-simulated-email?to=${to}` });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ recipientEmail: to, subject: "Welcome!", html: expect.stringContaining("<p>Hi</p>") });
    expect(new Date(res.json.timestamp).getTime()).not.toBeNaN();
    expect((await call(lastEmail, { path: "/api/test/last-simulated-email" })).status).toBe(401);
  });
});

describe("with real provider keys", () => {
  it("the test outbox endpoints do not exist", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { RESEND_API_KEY: "re_test", TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM_NUMBER: "+441234567890" });
    try {
      await jest.isolateModulesAsync(async () => {
        const sms = await import("@/app/api/test/last-simulated-sms/route");
        const email = await import("@/app/api/test/last-simulated-email/route");
        expect((await call(sms.GET, { path: "/api/test/last-simulated-sms?to=07700900123" })).status).toBe(404);
        expect((await call(email.GET, { path: "/api/test/last-simulated-email?to=a@b.co" })).status).toBe(404);
      });
    } finally {
      process.env = saved;
    }
  });
});

describe("the outbox readers on a production build", () => {
  it("refuse anonymous readers unless ENABLE_TEST_ENDPOINTS=1; a business sees only its own texts", async () => {
    const { createBusinessSession } = await import("../helpers/factories");
    const biz = await createBusinessSession();
    const other = await createBusinessSession();
    const phone = `+4477009${String(Date.now()).slice(-5)}`;
    await sendSms({ to: phone, body: "Your code is 9911", purpose: "verification", businessId: biz.businessId });
    const env = process.env as Record<string, string | undefined>;
    const saved = { NODE_ENV: env.NODE_ENV, ENABLE_TEST_ENDPOINTS: env.ENABLE_TEST_ENDPOINTS };
    env.NODE_ENV = "production";
    delete env.ENABLE_TEST_ENDPOINTS;
    try {
      const path = `/api/test/last-simulated-sms?to=${encodeURIComponent(phone)}`;
      // In production the session cookie carries the __Secure- prefix (lib/auth/cookies.ts).
      const secure = (cookie: string) => cookie.replace(/(^|; )next-auth\.session-token=/, "$1__Secure-next-auth.session-token=");
      expect((await call(lastSms, { path })).status).toBe(404);
      expect((await call(lastSms, { path, cookie: secure(other.cookie) })).status).toBe(404);
      expect((await call<{ code: string }>(lastSms, { path, cookie: secure(biz.cookie) })).json.code).toBe("9911");
      expect((await call(lastEmail, { path: "/api/test/last-simulated-email?to=someone@example.test" })).status).toBe(401);
      env.ENABLE_TEST_ENDPOINTS = "1";
      expect((await call(lastSms, { path })).status).toBe(200);
    } finally {
      env.NODE_ENV = saved.NODE_ENV;
      if (saved.ENABLE_TEST_ENDPOINTS === undefined) delete env.ENABLE_TEST_ENDPOINTS;
      else env.ENABLE_TEST_ENDPOINTS = saved.ENABLE_TEST_ENDPOINTS;
    }
  });
});
