/** @jest-environment node */
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { defaultAutomation } from "@/lib/automations/automation-rules";
import type * as SendEmail from "@/lib/email/send-email";
import type * as SendSms from "@/lib/sms/send-sms";
import type * as RunAutomations from "@/lib/automations/run-automations";
import { accessCodeEmail } from "@/lib/email/templates/access-code-email";
import { renderEmail } from "@/lib/email/render-email";
import { createBusinessSession } from "../helpers/factories";
import { insertCustomer } from "./vouchers-fixtures";
import { startResendStandIn, type ResendStandIn } from "../helpers/resend-stand-in";
import { startTwilioStandIn, type TwilioStandIn } from "../helpers/twilio-stand-in";
import { withIsolatedEnv } from "../helpers/isolated-env";

// Issue 25: the real Resend and Twilio code paths (the `resend` and `twilio` SDKs themselves) against
// local stand-ins speaking their protocols (tests/helpers/*-stand-in.ts), reached through the
// test-only RESEND_BASE_URL / TWILIO_API_BASE of lib/env.ts. lib/env reads the environment at
// import, so the provider modules are imported afresh inside jest.isolateModulesAsync once the keys
// are set. Serial: the automation run acts on every business with automations on.

const API_KEY = `re_${randomBytes(12).toString("hex")}`;
const ACCOUNT_SID = `AC${randomBytes(16).toString("hex")}`;
const AUTH_TOKEN = randomBytes(16).toString("hex");
const FROM_NUMBER = "+447700900001";
const SERVICE_SID = `MG${randomBytes(16).toString("hex")}`;
const PROVIDER_VARS = ["RESEND_API_KEY", "EMAIL_FROM", "RESEND_BASE_URL", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER", "TWILIO_API_BASE"];

// Each test imports the app's modules afresh (a few seconds, many more on a loaded machine).
jest.setTimeout(90_000);

let resend: ResendStandIn;
let twilio: TwilioStandIn;
beforeAll(async () => {
  resend = await startResendStandIn({ apiKey: API_KEY });
  twilio = await startTwilioStandIn({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
});
afterAll(async () => {
  await resend?.close();
  await twilio?.close();
});
afterEach(async () => {
  await db.automation.updateMany({ data: { enabled: false } });
});

type Modules = { email: typeof SendEmail; sms: typeof SendSms; automations: typeof RunAutomations };

async function withRealProviders(overrides: Record<string, string>, fn: (m: Modules) => Promise<void>) {
  const vars = {
    RESEND_API_KEY: API_KEY,
    EMAIL_FROM: "Daily Grind Rewards <rewards@loyalty-legends.test>",
    RESEND_BASE_URL: resend.url,
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM_NUMBER: FROM_NUMBER,
    TWILIO_API_BASE: twilio.url,
    ...overrides,
  };
  await withIsolatedEnv(PROVIDER_VARS, vars, async () => {
    const email = await import("@/lib/email/send-email");
    const sms = await import("@/lib/sms/send-sms");
    const automations = await import("@/lib/automations/run-automations");
    await fn({ email, sms, automations });
  });
}

const row = (id: number) => db.outboundMessage.findUniqueOrThrow({ where: { id } });

describe("email through the resend SDK", () => {
  it("posts from, to, subject, html and text with the Bearer key; the outbox keeps the same HTML and Resend's id", () =>
    withRealProviders({}, async ({ email }) => {
      const to = `real-${Date.now()}@example.test`;
      const before = resend.requests.length;
      const result = await email.sendEmail({ to, email: accessCodeEmail("482913", 10), emailType: "portal_access" });
      expect(result).toMatchObject({ status: "sent", simulated: false });
      const [req] = resend.requests.slice(before);
      expect(req).toMatchObject({ method: "POST", path: "/emails", authorization: `Bearer ${API_KEY}`, status: 200 });
      const rendered = await renderEmail(accessCodeEmail("482913", 10));
      expect(req.body).toEqual({ from: "Daily Grind Rewards <rewards@loyalty-legends.test>", to, subject: "Your Loyalty Legends access code", html: rendered.html, text: rendered.text });
      const stored = await row(result.id);
      expect(stored).toMatchObject({ provider: "resend", simulated: false, status: "sent", html: rendered.html, text: rendered.text, providerMessageId: resend.emails.at(-1)!.id });
    }));

  it("maps Resend's refusals and failures to a failed outbox row with Resend's status, name and message", () =>
    withRealProviders({}, async ({ email }) => {
      const bad = await email.sendEmail({ to: "not-an-address", email: accessCodeEmail("1", 10), emailType: "portal_access" });
      expect(bad).toMatchObject({ status: "failed", simulated: false });
      expect(bad.error).toBe("Resend 422 validation_error: Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.");
      expect(await row(bad.id)).toMatchObject({ status: "failed", provider: "resend", error: bad.error, providerMessageId: null });

      for (const [status, expected] of [
        [500, "Resend 500 application_error: An unexpected error occurred."],
        [429, "Resend 429 rate_limit_exceeded: Too many requests. Please limit the number of requests per second."],
      ] as const) {
        resend.failNext(1, status);
        const r = await email.sendEmail({ to: "someone@example.test", email: accessCodeEmail("2", 10), emailType: "portal_access" });
        expect(r).toMatchObject({ status: "failed", error: expected });
      }
    }));

  it("a wrong key is Resend's 403", () =>
    withRealProviders({ RESEND_API_KEY: "re_not_the_account_key" }, async ({ email }) => {
      const r = await email.sendEmail({ to: "someone@example.test", email: accessCodeEmail("3", 10), emailType: "portal_access" });
      expect(r).toMatchObject({ status: "failed", error: "Resend 403 invalid_api_key: API key is invalid" });
    }));

  it("a resend with the same idempotency key gets Resend's first answer and no second email", () =>
    withRealProviders({}, async ({ email }) => {
      const sent = resend.emails.length;
      const msg = { to: "twice@example.test", email: accessCodeEmail("4", 10), emailType: "portal_access", idempotencyKey: `test-${Date.now()}` };
      const first = await email.sendEmail(msg);
      const second = await email.sendEmail(msg);
      expect([first.status, second.status]).toEqual(["sent", "sent"]);
      expect(resend.emails.length).toBe(sent + 1);
      expect((await row(second.id)).providerMessageId).toBe((await row(first.id)).providerMessageId);
    }));
});

describe("SMS through the twilio SDK", () => {
  it("posts To, From and Body form-encoded with basic auth to the account's Messages.json; the outbox keeps Twilio's sid", () =>
    withRealProviders({}, async ({ sms }) => {
      const before = twilio.requests.length;
      const result = await sms.sendSms({ to: "+447700900123", body: "Your code is 4821", purpose: "verification" });
      expect(result).toMatchObject({ status: "sent", simulated: false });
      const [req] = twilio.requests.slice(before);
      expect(req).toMatchObject({ method: "POST", path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`, user: ACCOUNT_SID, status: 201 });
      expect(req.contentType).toMatch(/^application\/x-www-form-urlencoded/);
      expect(req.form).toEqual({ To: "+447700900123", From: FROM_NUMBER, Body: "Your code is 4821" });
      expect(await row(result.id)).toMatchObject({ provider: "twilio", status: "sent", providerMessageId: twilio.messages.at(-1)!.sid });
    }));

  it("sends through a Messaging Service when TWILIO_FROM_NUMBER names one", () =>
    withRealProviders({ TWILIO_FROM_NUMBER: SERVICE_SID }, async ({ sms }) => {
      const result = await sms.sendSms({ to: "+447700900124", body: "Hello", purpose: "verification" });
      expect(result.status).toBe("sent");
      expect(twilio.requests.at(-1)!.form).toEqual({ To: "+447700900124", MessagingServiceSid: SERVICE_SID, Body: "Hello" });
    }));

  it("maps Twilio's refusals and failures to a failed outbox row with the HTTP status, Twilio code and message", async () => {
    await withRealProviders({}, async ({ sms }) => {
      const bad = await sms.sendSms({ to: "07700900125", body: "Hello", purpose: "verification" });
      expect(bad).toMatchObject({ status: "failed", error: "Twilio 400 21211: Invalid 'To' Phone Number: 07700900125" });
      expect(await row(bad.id)).toMatchObject({ status: "failed", provider: "twilio", error: bad.error });
      twilio.failNext(1, 503);
      expect(await sms.sendSms({ to: "+447700900126", body: "Hello", purpose: "verification" })).toMatchObject({ status: "failed", error: "Twilio 503 20503: Service Unavailable" });
    });
    await withRealProviders({ TWILIO_AUTH_TOKEN: "wrong-token" }, async ({ sms }) => {
      expect(await sms.sendSms({ to: "+447700900127", body: "Hello", purpose: "verification" })).toMatchObject({ status: "failed", error: "Twilio 401 20003: Authenticate" });
    });
  });
});

describe("an automation through the real providers", () => {
  async function rewardReadyCustomer() {
    const biz = await createBusinessSession();
    const { kind: _k, ...settings } = defaultAutomation("reward_available");
    await db.automation.create({ data: { businessId: biz.businessId, kind: "reward_available", ...settings, enabled: true, sendEmail: true, sendSms: true } });
    const c = await insertCustomer(biz.businessId, { marketingConsentEmail: true, marketingConsentSms: true });
    await db.$executeRaw`UPDATE customers SET "totalPoints" = 300, "minimumRedemption" = 100 WHERE id = ${c.id}`;
    await db.pointsLedgerEntry.create({ data: { businessId: biz.businessId, customerId: c.id, kind: "bonus", points: 300, balanceAfter: 300, reason: "fixture", actorType: "system" } });
    return { biz, c };
  }

  it("emails and texts the customer once, with the send's idempotency key, and records both", () =>
    withRealProviders({}, async ({ automations }) => {
      const { biz, c } = await rewardReadyCustomer();
      const now = new Date("2026-04-02T10:00:00Z"); // 11:00 BST: SMS hours
      await automations.runAutomations(now);
      const [send] = await db.automationSend.findMany({ where: { customerId: c.id } });
      expect(send).toMatchObject({ status: "sent", sentByEmail: true, sentBySms: true, leaseUntil: null });

      const mail = resend.requests.filter((r) => (r.body?.to as string) === c.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ status: 200, idempotencyKey: `automation-send-${send.id}` });
      expect(mail[0].body).toMatchObject({ subject: `Your reward is ready at ${biz.businessName}`, from: "Daily Grind Rewards <rewards@loyalty-legends.test>" });
      expect(mail[0].body!.text).toContain(`enough to redeem a reward on your next visit to ${biz.businessName}`);
      const texts = twilio.requests.filter((r) => r.form.To === c.phone);
      expect(texts).toHaveLength(1);
      expect(texts[0].form.Body).toBe(`Hi ${c.firstName}, you have 300 points, enough to redeem a reward on your next visit to ${biz.businessName}.`);
      const outbox = await db.outboundMessage.findMany({ where: { customerId: c.id, emailType: "automation" }, orderBy: { id: "asc" } });
      expect(outbox.map((o) => [o.channel, o.provider, o.status])).toEqual([["email", "resend", "sent"], ["sms", "twilio", "sent"]]);
      expect(outbox[0].html).toBe(mail[0].body!.html);

      await automations.runAutomations(new Date("2026-04-03T10:00:00Z")); // once per occasion
      expect(resend.requests.filter((r) => (r.body?.to as string) === c.email)).toHaveLength(1);
    }));

  it("a provider failure is recorded on the send with the provider's error; the other channel still goes", () =>
    withRealProviders({}, async ({ automations }) => {
      const { c } = await rewardReadyCustomer();
      resend.failNext(1, 500);
      await automations.runAutomations(new Date("2026-04-02T10:00:00Z"));
      const [send] = await db.automationSend.findMany({ where: { customerId: c.id } });
      expect(send).toMatchObject({ status: "sent", sentByEmail: false, sentBySms: true, note: "email failed: Resend 500 application_error: An unexpected error occurred." });
    }));
});
