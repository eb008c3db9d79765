/** @jest-environment node */
import { POST as sendVerification } from "@/app/api/customers/send-verification/route";
import { POST as resendVerification } from "@/app/api/customers/resend-verification/route";
import { POST as verifyAndCreate } from "@/app/api/customers/verify-and-create/route";
import { GET as listCustomers } from "@/app/api/customers/route";
import { GET as usage } from "@/app/api/subscription/usage/route";
import { db } from "@/lib/db";
import { isValidMembershipNumber } from "@/lib/rules/membership-number";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession, pendingCustomer } from "../helpers/factories";
import { addCustomer, lastCodeTo } from "../helpers/customers";

const LIMIT_MESSAGE =
  "woah there cowboy, you have reached your 10 customer limit for the starter plan. please upgrade to pro or reduce existing customers to continue.";

async function send(cookie: string, body: Record<string, unknown>, headers?: Record<string, string>) {
  return call<{ phone: string; customerData: Record<string, unknown>; message: string }>(sendVerification, { method: "POST", cookie, body, headers });
}
async function verify(cookie: string, body: Record<string, unknown>, headers?: Record<string, string>) {
  return call<{ customer: CustomerDto; name: string; phone: string }>(verifyAndCreate, { method: "POST", cookie, body, headers });
}

/** Inserts customers directly (test data for limits), without cards. */
async function insertCustomers(businessId: number, n: number) {
  const tag = Math.random().toString(36).slice(2, 8);
  await db.customer.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      businessId,
      name: `Filler ${tag}${i}`,
      firstName: "Filler",
      lastName: `${tag}${i}`,
      email: `filler-${tag}-${i}@example.test`,
      phone: `+4479${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      membershipNumber: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`,
    })),
  });
}

describe("adding a customer (send-verification, verify-and-create)", () => {
  it("walks the whole flow: code by SMS, customer with card, welcome email, activity, setup steps", async () => {
    const biz = await createBusinessSession();
    const details = pendingCustomer({ name: "Sarah Jones-Brown", phone: "07700 900 456", dateOfBirth: "1990-05-17", marketingConsentSms: true });
    const sent = await send(biz.cookie, details);
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ phone: "+447700900456", message: "A 4-digit code has been sent to +447700900456" });
    expect(sent.json.customerData).toMatchObject({ name: "Sarah Jones-Brown", email: details.email, phone: "+447700900456" });

    const sms = await db.outboundMessage.findFirstOrThrow({ where: { channel: "sms", recipient: "+447700900456", businessId: biz.businessId }, orderBy: { id: "desc" } });
    const code = sms.text!.match(/\d{4}/)![0];
    const stored = await db.verificationCode.findFirstOrThrow({ where: { businessId: biz.businessId, target: "+447700900456" }, orderBy: { id: "desc" } });
    expect(stored.codeHash).not.toContain(code);

    const created = await verify(biz.cookie, { ...sent.json.customerData, verificationCode: code, sendWelcomeEmail: true, autoGenerateCard: true });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Sarah Jones-Brown", phone: "+447700900456" });
    const customer = created.json.customer;
    expect(customer).toMatchObject({
      firstName: "Sarah",
      lastName: "Jones-Brown",
      dateOfBirth: "1990-05-17",
      totalPoints: 0,
      lifetimeSpent: "0.00",
      accountStatus: "active",
      sleepStatus: "active",
      marketingConsentEmail: true,
      marketingConsentSms: true,
      marketingPreferencesLastUpdatedBy: "business",
      passkitStatus: "fallback",
    });
    expect(isValidMembershipNumber(customer.membershipNumber)).toBe(true);

    const card = await db.loyaltyCard.findUniqueOrThrow({ where: { customerId: customer.id } });
    expect(card).toMatchObject({ businessId: biz.businessId, membershipNumber: customer.membershipNumber, passkitStatus: "fallback" });
    const welcome = await db.outboundMessage.findFirstOrThrow({ where: { customerId: customer.id, channel: "email", emailType: "welcome" } });
    expect(welcome.recipient).toBe(details.email);
    expect(welcome.html).toContain(customer.membershipNumber);
    expect(welcome.html).toContain(`/api/qr-hosted/${customer.membershipNumber}`);
    expect(welcome.html).toMatch(/\/confirm-membership\/[A-Za-z0-9_-]{20,}/);
    expect(welcome.html).toContain("/customer-preferences");
    const row = await db.customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(row.welcomeEmailSentAt).not.toBeNull();
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "customer_created", recordId: String(customer.id) } })).toBe(1);
    const steps = await db.setupStep.findMany({ where: { businessId: biz.businessId } });
    expect(steps.map((s) => s.stepId).sort()).toEqual(["first_customer", "generate_loyalty_card"]);

    const list = await call<CustomerDto[]>(listCustomers, { cookie: biz.cookie });
    expect(list.json.map((c) => c.id)).toEqual([customer.id]);
    expect((await call(usage, { cookie: biz.cookie })).json).toEqual({ isAtLimit: false, subscriptionStatus: "pro_starter", customersUsed: 1, customersLimit: 10 });
  });

  it("uses the details stored with the code, not what the client sends back", async () => {
    const biz = await createBusinessSession();
    const sent = await send(biz.cookie, pendingCustomer({ marketingConsentSms: false }));
    const code = await lastCodeTo(sent.json.phone);
    const created = await verify(biz.cookie, { ...sent.json.customerData, marketingConsentSms: true, name: "Someone Else", verificationCode: code });
    expect(created.status).toBe(201);
    expect(created.json.customer.marketingConsentSms).toBe(false);
    expect(created.json.customer.name).toBe(sent.json.customerData.name);
  });

  it.each([
    [{ name: "J" }, "Name must be at least 2 characters"],
    [{ name: "Madonna" }, "Please enter both first name and last name (e.g. 'John Smith' or 'Sarah Jones-Brown')"],
    [{ email: "nope" }, "Please enter a valid email address"],
    [{ phone: "0770" }, "Please enter a valid phone number"],
    [{ phone: "call me maybe!" }, "Please enter a valid phone number"],
    [{ dateOfBirth: "2999-01-01" }, "Please enter a valid date of birth"],
  ])("rejects %j with the spec's message", async (override, message) => {
    const biz = await createBusinessSession();
    const res = await send(biz.cookie, pendingCustomer(override));
    expectRefusal(res, 400, message);
  });

  it("a wrong code costs a try; after 5 wrong tries even the right code is refused until a new one is sent", async () => {
    const biz = await createBusinessSession();
    const sent = await send(biz.cookie, pendingCustomer());
    const code = await lastCodeTo(sent.json.phone);
    const wrong = code === "0000" ? "1111" : "0000";
    const first = await verify(biz.cookie, { ...sent.json.customerData, verificationCode: wrong });
    expect(first.status).toBe(400);
    expect(first.json).toMatchObject({ message: "Invalid verification code. 4 tries left." });
    for (let i = 0; i < 4; i++) await verify(biz.cookie, { ...sent.json.customerData, verificationCode: wrong });
    const locked = await verify(biz.cookie, { ...sent.json.customerData, verificationCode: code });
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({ message: "Too many incorrect attempts. Please request a new code." });
    expect(await db.customer.count({ where: { businessId: biz.businessId } })).toBe(0);
  });

  it("five wrong guesses at once cannot buy more than five tries", async () => {
    const biz = await createBusinessSession();
    const sent = await send(biz.cookie, pendingCustomer());
    const code = await lastCodeTo(sent.json.phone);
    const wrongCodes = ["0000", "1111", "2222", "3333", "4444", "5555", "6666", "7777"].filter((c) => c !== code);
    await Promise.all(wrongCodes.map((c) => verify(biz.cookie, { ...sent.json.customerData, verificationCode: c })));
    const row = await db.verificationCode.findFirstOrThrow({ where: { businessId: biz.businessId, target: sent.json.phone }, orderBy: { id: "desc" } });
    expect(row.attempts).toBeLessThanOrEqual(5);
    expect((await verify(biz.cookie, { ...sent.json.customerData, verificationCode: code })).status).toBe(429);
  });

  it("a code expires after 10 minutes", async () => {
    const biz = await createBusinessSession();
    const sent = await send(biz.cookie, pendingCustomer());
    const code = await lastCodeTo(sent.json.phone);
    const later = new Date(Date.now() + 10 * 60_000 + 1000).toISOString();
    const res = await verify(biz.cookie, { ...sent.json.customerData, verificationCode: code }, { "x-test-now": later });
    expectRefusal(res, 400, "Your verification code has expired. Please request a new code.");
  });

  it("a code works once; a second verify with it creates nothing", async () => {
    const biz = await createBusinessSession();
    const sent = await send(biz.cookie, pendingCustomer());
    const code = await lastCodeTo(sent.json.phone);
    const body = { ...sent.json.customerData, verificationCode: code };
    const [a, b] = await Promise.all([verify(biz.cookie, body), verify(biz.cookie, body)]);
    // The loser is refused either way: 409 if it raced the winner's commit, 400 (no live code) if it came after.
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(201);
    expect([400, 409]).toContain(statuses[1]);
    expect(await db.customer.count({ where: { businessId: biz.businessId } })).toBe(1);
  });

  it("throttles resends: one per 30 seconds; a new code replaces the old one", async () => {
    const biz = await createBusinessSession();
    const details = pendingCustomer();
    const sent = await send(biz.cookie, details);
    const firstCode = await lastCodeTo(sent.json.phone);
    const tooSoon = await call(resendVerification, { method: "POST", cookie: biz.cookie, body: sent.json.customerData });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json).toMatchObject({ message: expect.stringMatching(/^Please wait \d+ seconds before requesting another code\.$/) });
    const later = new Date(Date.now() + 31_000).toISOString();
    const resent = await call(resendVerification, { method: "POST", cookie: biz.cookie, body: sent.json.customerData, headers: { "x-test-now": later } });
    expect(resent.status).toBe(200);
    expect(resent.json).toMatchObject({ message: "A new verification code has been sent" });
    const secondCode = await lastCodeTo(sent.json.phone);
    if (secondCode !== firstCode) {
      const old = await verify(biz.cookie, { ...sent.json.customerData, verificationCode: firstCode }, { "x-test-now": later });
      expect(old.status).toBe(400);
    }
    expect((await verify(biz.cookie, { ...sent.json.customerData, verificationCode: secondCode }, { "x-test-now": later })).status).toBe(201);
  });

  it("refuses a duplicate email or phone within the business with a 409, but another business may have them", async () => {
    const biz = await createBusinessSession();
    const first = await addCustomer(biz.cookie);
    const sameEmail = await send(biz.cookie, pendingCustomer({ email: first.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.json).toMatchObject({ message: "A customer with this email already exists" });
    const samePhone = await send(biz.cookie, pendingCustomer({ phone: "0" + first.phone.slice(3) }));
    expect(samePhone.status).toBe(409);
    expect(samePhone.json).toMatchObject({ message: "A customer with this phone number already exists" });
    const other = await createBusinessSession();
    expect((await send(other.cookie, pendingCustomer({ email: first.email }))).status).toBe(200);
  });

  it("enforces the starter limit on the server with the spec's message", async () => {
    const biz = await createBusinessSession();
    await insertCustomers(biz.businessId, 10);
    expect((await call(usage, { cookie: biz.cookie })).json).toMatchObject({ isAtLimit: true, customersUsed: 10, customersLimit: 10 });
    const res = await send(biz.cookie, pendingCustomer());
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ message: LIMIT_MESSAGE });
  });

  it("two verifications racing for the last place: exactly one customer is created", async () => {
    const biz = await createBusinessSession();
    await insertCustomers(biz.businessId, 9);
    const one = await send(biz.cookie, pendingCustomer());
    const two = await send(biz.cookie, pendingCustomer());
    const [codeOne, codeTwo] = [await lastCodeTo(one.json.phone), await lastCodeTo(two.json.phone)];
    const results = await Promise.all([
      verify(biz.cookie, { ...one.json.customerData, verificationCode: codeOne }),
      verify(biz.cookie, { ...two.json.customerData, verificationCode: codeTwo }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 403]);
    expect(await db.customer.count({ where: { businessId: biz.businessId } })).toBe(10);
  });

  it("max plans and founders are not limited", async () => {
    const biz = await createBusinessSession();
    await db.business.update({ where: { id: biz.businessId }, data: { subscriptionStatus: "pro_max" } });
    await insertCustomers(biz.businessId, 12);
    expect((await call(usage, { cookie: biz.cookie })).json).toMatchObject({ isAtLimit: false, customersUsed: 12, customersLimit: null, subscriptionStatus: "pro_max" });
    expect((await send(biz.cookie, pendingCustomer())).status).toBe(200);
  });

  it("is for the signed-in business only", async () => {
    expect((await send("", pendingCustomer())).status).toBe(401);
    expect((await call(listCustomers)).status).toBe(401);
  });

  it("answers 400 to malformed bodies and never creates anything", async () => {
    const biz = await createBusinessSession();
    for (const rawBody of ["{", "[]", "null", JSON.stringify({ name: 42, email: [], phone: {} })]) {
      const res = await call(sendVerification, { method: "POST", cookie: biz.cookie, rawBody, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
    }
    const noCode = await verify(biz.cookie, { ...pendingCustomer() });
    expect(noCode.status).toBe(400);
    expect(noCode.json).toMatchObject({ message: "Please enter the 4-digit code" });
    const noPending = await verify(biz.cookie, { ...pendingCustomer(), verificationCode: "1234" });
    expect(noPending.status).toBe(400);
    expect(await db.customer.count({ where: { businessId: biz.businessId } })).toBe(0);
  });
});
