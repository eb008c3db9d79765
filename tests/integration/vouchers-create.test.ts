/** @jest-environment node */
import { GET as listPromos, POST as createPromo } from "@/app/api/promos/route";
import { GET as recentVouchers } from "@/app/api/customers/[id]/recent-vouchers/route";
import { GET as customerPromos } from "@/app/api/customers/[id]/promos/route";
import { db } from "@/lib/db";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";
import { CHANNEL_MESSAGE, PERCENT_MESSAGE, FIXED_MESSAGE, PROMO_CODE_MESSAGE, REQUIRED_MESSAGE, SELECT_CUSTOMER_MESSAGE } from "@/lib/validation/vouchers";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { ageVouchers, dayFromNow, insertCustomer, keepSessionsAlive, voucherPayload } from "./vouchers-fixtures";

type Created = { emailsSent: number; smsSent: number; customersProcessed: number; batchId: string; vouchers: VoucherDto[]; message: string };
const post = (cookie: string, body: unknown, headers?: Record<string, string>) =>
  call<Created & { message: string }>(createPromo, { method: "POST", path: "/api/promos", cookie, body, headers });
const params = (id: number) => ({ id: String(id) });

describe("POST /api/promos: creating and distributing a voucher", () => {
  it("creates one voucher per customer, upper-cases the code, emails each consenting customer, logs it and completes the setup step", async () => {
    const biz = await createBusinessSession();
    const a = await addCustomer(biz.cookie, { marketingConsentEmail: true });
    const b = await addCustomer(biz.cookie, { marketingConsentEmail: true });
    const expiry = dayFromNow(20);
    const res = await post(biz.cookie, voucherPayload([a.id, b.id], { promoCode: "summer-20", minSpend: "4.50", expiresAt: expiry, description: "" }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ emailsSent: 2, smsSent: 0, customersProcessed: 2, message: "voucher created and distributed to 2 customers" });
    expect(res.json.vouchers).toHaveLength(2);
    const v = res.json.vouchers.find((x) => x.customerId === a.id)!;
    expect(v).toMatchObject({
      promoCode: "SUMMER-20",
      title: "Autumn treat",
      description: null,
      discountType: "percentage",
      discountValue: 10,
      discountPercent: 10,
      discountAmount: null,
      minSpend: "4.50",
      maxDiscount: null,
      status: "active",
      isActive: true,
      sentByEmail: true,
      sentBySms: false,
      batchId: res.json.batchId,
      customer: { id: a.id, name: a.name, email: a.email },
    });
    // Stored as 23:59:59 UK time of the chosen day.
    const stored = await db.voucher.findUniqueOrThrow({ where: { id: v.id } });
    const london = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "short", timeStyle: "medium" }).format(stored.expiresAt!);
    expect(london).toBe(`${expiry.slice(8, 10)}/${expiry.slice(5, 7)}/${expiry.slice(0, 4)}, 23:59:59`);
    expect(stored.minSpendPence).toBe(450);

    const mails = await db.outboundMessage.findMany({ where: { businessId: biz.businessId, emailType: "voucher" } });
    expect(mails.map((m) => m.recipient).sort()).toEqual([a.email, b.email].sort());
    for (const m of mails) {
      expect(m.channel).toBe("email");
      expect(m.subject).toBe(`Autumn treat - a voucher from ${biz.businessName}`);
      expect(m.html).toContain("SUMMER-20");
      expect(m.html).toContain("10% off");
      expect(m.html).toContain("/customer-preferences");
    }
    expect(await db.outboundMessage.count({ where: { businessId: biz.businessId, channel: "sms", emailType: "voucher" } })).toBe(0);
    const log = await db.activityLog.findFirstOrThrow({ where: { businessId: biz.businessId, action: "voucher_batch_created" } });
    expect(log.description).toContain("SUMMER-20");
    expect(log.recordId).toBe(res.json.batchId);
    expect(await db.setupStep.count({ where: { businessId: biz.businessId, stepId: "create_voucher" } })).toBe(1);

    const list = await call<VoucherDto[]>(listPromos, { cookie: biz.cookie });
    expect(list.status).toBe(200);
    expect(list.json.map((x) => x.id).sort()).toEqual(res.json.vouchers.map((x) => x.id).sort());
  });

  it("escapes what the business typed in the email", async () => {
    const biz = await createBusinessSession();
    const c = await insertCustomer(biz.businessId);
    const res = await post(biz.cookie, voucherPayload([c.id], { title: "<script>alert(1)</script>", description: "<img src=x onerror=alert(2)>" }));
    expect(res.status).toBe(200);
    const mail = await db.outboundMessage.findFirstOrThrow({ where: { customerId: c.id, emailType: "voucher" } });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("sends SMS only to the chosen channel and records it in the outbox with the customer's phone", async () => {
    const biz = await createBusinessSession();
    const both = await insertCustomer(biz.businessId, { marketingConsentEmail: true, marketingConsentSms: true });
    const res = await post(biz.cookie, voucherPayload([both.id], { sendEmail: true, sendSms: true, discountType: "fixed", discountValue: "2.50" }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ emailsSent: 1, smsSent: 1, customersProcessed: 1 });
    expect(res.json.vouchers[0]).toMatchObject({ discountType: "fixed", discountValue: 2.5, discountAmount: "2.50", discountPercent: null, sentByEmail: true, sentBySms: true });
    const sms = await db.outboundMessage.findFirstOrThrow({ where: { customerId: both.id, channel: "sms" } });
    expect(sms.recipient).toBe(both.phone);
    expect(sms.emailType).toBe("voucher");
    expect(sms.text).toContain(res.json.vouchers[0].promoCode);
    expect(sms.text).toContain("£2.50 off");
  });
});

describe("POST /api/promos: consent and account state", () => {
  it("refuses the whole request when any customer lacks consent for a chosen channel, naming how many", async () => {
    const biz = await createBusinessSession();
    const emailOnly = await insertCustomer(biz.businessId, { marketingConsentEmail: true, marketingConsentSms: false });
    const smsOnly = await insertCustomer(biz.businessId, { marketingConsentEmail: false, marketingConsentSms: true });
    const none = await insertCustomer(biz.businessId, { marketingConsentEmail: false, marketingConsentSms: false });

    const byEmail = await post(biz.cookie, voucherPayload([emailOnly.id, smsOnly.id, none.id], { sendEmail: true }));
    expect(byEmail.status).toBe(400);
    expect(byEmail.json).toMatchObject({ message: "consent mismatch: 2 selected customers lack consent for email", customerIds: [smsOnly.id, none.id] });

    const bySms = await post(biz.cookie, voucherPayload([emailOnly.id, smsOnly.id], { sendEmail: false, sendSms: true }));
    expect(bySms.status).toBe(400);
    expect(bySms.json.message).toBe("consent mismatch: 1 selected customer lacks consent for SMS");

    const byBoth = await post(biz.cookie, voucherPayload([emailOnly.id], { sendEmail: true, sendSms: true }));
    expect(byBoth.json.message).toBe("consent mismatch: 1 selected customer lacks consent for email and SMS");

    expect(await db.voucher.count({ where: { businessId: biz.businessId } })).toBe(0);
    expect(await db.outboundMessage.count({ where: { businessId: biz.businessId, emailType: "voucher" } })).toBe(0);

    const ok = await post(biz.cookie, voucherPayload([smsOnly.id], { sendEmail: false, sendSms: true }));
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ emailsSent: 0, smsSent: 1 });
    expect(await db.outboundMessage.count({ where: { customerId: smsOnly.id, channel: "email", emailType: "voucher" } })).toBe(0);
  });

  it("needs at least one channel", async () => {
    const biz = await createBusinessSession();
    const c = await insertCustomer(biz.businessId);
    const res = await post(biz.cookie, voucherPayload([c.id], { sendEmail: false, sendSms: false }));
    expectRefusal(res, 400, CHANNEL_MESSAGE);
  });

  it.each([
    [{ accountStatus: "closed" }, "closed"],
    [{ accountStatus: "snoozed" }, "snoozed"],
    [{ sleepStatus: "asleep" }, "asleep"],
    [{ sleepStatus: "scheduled_deletion" }, "scheduled for deletion"],
    [{ parkedAt: new Date() }, "parked"],
  ])("refuses a customer who is %o", async (state, label) => {
    const biz = await createBusinessSession();
    const ok = await insertCustomer(biz.businessId);
    const blocked = await insertCustomer(biz.businessId, { name: "Sleepy Sam", ...state });
    const res = await post(biz.cookie, voucherPayload([ok.id, blocked.id]));
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(`vouchers cannot be sent to closed, parked, sleeping or snoozed customers: Sleepy Sam (${label})`);
    expect(await db.voucher.count({ where: { businessId: biz.businessId } })).toBe(0);
  });
});

describe("POST /api/promos: one voucher per customer per week", () => {
  it("refuses (409) a customer who received a voucher in the last 7 days, naming them; allows it after a week", async () => {
    const biz = await createBusinessSession();
    const a = await insertCustomer(biz.businessId, { name: "Amy Recent" });
    const b = await insertCustomer(biz.businessId);
    await keepSessionsAlive(biz.businessId);
    expect((await call(recentVouchers, { cookie: biz.cookie, params: params(a.id) })).json).toEqual({ hasRecentVouchers: false, recentVoucherCount: 0, lastVoucherAt: null });

    expect((await post(biz.cookie, voucherPayload([a.id]))).status).toBe(200);
    const recent = await call<{ hasRecentVouchers: boolean; lastVoucherAt: string }>(recentVouchers, { cookie: biz.cookie, params: params(a.id) });
    expect(recent.json.hasRecentVouchers).toBe(true);
    expect(Date.parse(recent.json.lastVoucherAt)).toBeGreaterThan(Date.now() - 60_000);

    const again = await post(biz.cookie, voucherPayload([a.id, b.id]));
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("at most one voucher per customer per week: Amy Recent has already received a voucher in the last 7 days");
    expect(await db.voucher.count({ where: { customerId: b.id } })).toBe(0);

    // Six days later still refused; eight days later allowed (the server's clock moves with x-test-now).
    const in6 = new Date(Date.now() + 6 * 86_400_000);
    expect((await post(biz.cookie, voucherPayload([a.id], { expiresAt: dayFromNow(30, in6) }), { "x-test-now": in6.toISOString() })).status).toBe(409);
    const in8 = new Date(Date.now() + 8 * 86_400_000);
    expect((await post(biz.cookie, voucherPayload([a.id], { expiresAt: dayFromNow(30, in8) }), { "x-test-now": in8.toISOString() })).status).toBe(200);
    const recentLater = await call<{ hasRecentVouchers: boolean }>(recentVouchers, { cookie: biz.cookie, params: params(b.id), headers: { "x-test-now": in8.toISOString() } });
    expect(recentLater.json.hasRecentVouchers).toBe(false);
  });

  it("two creates for the same customer at once: exactly one succeeds", async () => {
    const biz = await createBusinessSession();
    const c = await insertCustomer(biz.businessId);
    const results = await Promise.all([1, 2, 3].map(() => post(biz.cookie, voucherPayload([c.id]))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await db.voucher.count({ where: { customerId: c.id } })).toBe(1);
  });

  it("a customer holds one live voucher per code", async () => {
    const biz = await createBusinessSession();
    const c = await insertCustomer(biz.businessId, { name: "Cody Twice" });
    expect((await post(biz.cookie, voucherPayload([c.id], { promoCode: "TWICE" }))).status).toBe(200);
    await ageVouchers(c.id, 8);
    const dup = await post(biz.cookie, voucherPayload([c.id], { promoCode: "twice" }));
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe("Cody Twice already has an active voucher with the code TWICE");
  });
});

describe("POST /api/promos: SMS marketing at most 2 per month", () => {
  it("refuses a third voucher text in the same month and says so; email still works", async () => {
    const biz = await createBusinessSession();
    const c = await insertCustomer(biz.businessId, { name: "Tex Ting", marketingConsentSms: true });
    const sms = { sendEmail: false, sendSms: true };
    expect((await post(biz.cookie, voucherPayload([c.id], sms))).json.smsSent).toBe(1);
    await ageVouchers(c.id, 8);
    expect((await post(biz.cookie, voucherPayload([c.id], sms))).json.smsSent).toBe(1);
    await ageVouchers(c.id, 8);
    const third = await post(biz.cookie, voucherPayload([c.id], sms));
    expect(third.status).toBe(409);
    expect(third.json.message).toBe(
      "SMS marketing is limited to 2 messages per customer per month: Tex Ting has already had 2 this month. Send by email instead, or wait until next month.",
    );
    expect(await db.outboundMessage.count({ where: { customerId: c.id, channel: "sms", emailType: "voucher" } })).toBe(2);
    expect((await post(biz.cookie, voucherPayload([c.id]))).status).toBe(200);
  });
});

describe("POST /api/promos: validation", () => {
  it("refuses an expiry day that is over, and accepts today until 23:59:59 UK time (GMT and BST)", async () => {
    const biz = await createBusinessSession();
    const c = await insertCustomer(biz.businessId);
    const d = await insertCustomer(biz.businessId);
    const e = await insertCustomer(biz.businessId);
    await keepSessionsAlive(biz.businessId);
    const past = await post(biz.cookie, voucherPayload([c.id], { expiresAt: dayFromNow(-1) }));
    expect(past.status).toBe(400);
    expect(past.json.message).toBe("expiry date must not be in the past");

    // 23:30 BST on 15 July 2031: today is still fine, and expires at 22:59:59 UTC.
    const summer = await post(biz.cookie, voucherPayload([c.id], { expiresAt: "2031-07-15" }), { "x-test-now": "2031-07-15T22:30:00Z" });
    expect(summer.status).toBe(200);
    expect(summer.json.vouchers[0].expiresAt).toBe("2031-07-15T22:59:59.000Z");
    // 00:00 BST on 16 July: the 15th is over.
    const late = await post(biz.cookie, voucherPayload([d.id], { expiresAt: "2031-07-15" }), { "x-test-now": "2031-07-15T23:00:00Z" });
    expect(late.status).toBe(400);
    // Winter: 23:59:59 GMT.
    const winter = await post(biz.cookie, voucherPayload([e.id], { expiresAt: "2031-01-15" }), { "x-test-now": "2031-01-15T12:00:00Z" });
    expect(winter.json.vouchers[0].expiresAt).toBe("2031-01-15T23:59:59.000Z");
    // Beyond this year plus 10.
    const far = await post(biz.cookie, voucherPayload([d.id], { expiresAt: `${new Date().getFullYear() + 11}-01-01` }));
    expect(far.status).toBe(400);
    expect(far.json.message).toBe("expiry date must be within the next 10 years");
  });

  it("answers 400 with the spec's messages for missing or malformed input", async () => {
    const biz = await createBusinessSession();
    const c = await insertCustomer(biz.businessId);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, REQUIRED_MESSAGE],
      [{ title: undefined }, REQUIRED_MESSAGE],
      [{ promoCode: "  " }, REQUIRED_MESSAGE],
      [{ discountValue: "" }, REQUIRED_MESSAGE],
      [{ expiresAt: "" }, REQUIRED_MESSAGE],
      [{ expiresAt: "2031-02-30" }, "please enter a valid expiry date"],
      [{ customerIds: [] }, SELECT_CUSTOMER_MESSAGE],
      [{ customerIds: undefined }, SELECT_CUSTOMER_MESSAGE],
      [{ promoCode: "BAD CODE!" }, PROMO_CODE_MESSAGE],
      [{ discountValue: 0 }, PERCENT_MESSAGE],
      [{ discountValue: 101 }, PERCENT_MESSAGE],
      [{ discountValue: 12.5 }, PERCENT_MESSAGE],
      [{ discountValue: -5 }, "discount value must be a positive number"],
      [{ discountType: "fixed", discountValue: 0 }, FIXED_MESSAGE],
      [{ discountType: "fixed", discountValue: "2.555" }, FIXED_MESSAGE],
      [{ discountType: "bogof" }, "discount type must be 'percentage' or 'fixed'"],
      [{ minSpend: "abc" }, "minimum spend must be an amount in pounds, e.g. 10 or 10.50"],
      [{ customerIds: ["x"] }, "customer ids must be numbers"],
    ];
    for (const [override, message] of cases) {
      const res = await post(biz.cookie, voucherPayload([c.id], override));
      expect({ override, status: res.status, message: res.json.message }).toEqual({ override, status: 400, message });
    }
    expect((await call(createPromo, { method: "POST", cookie: biz.cookie, rawBody: "{not json" })).status).toBe(400);
    expect((await call(createPromo, { method: "POST", cookie: biz.cookie, rawBody: "[1,2]" })).status).toBe(400);
    expect(await db.voucher.count({ where: { businessId: biz.businessId } })).toBe(0);
  });

  it("needs a signed-in business", async () => {
    expect((await call(listPromos, {})).status).toBe(401);
    expect((await call(createPromo, { method: "POST", body: voucherPayload([1]) })).status).toBe(401);
  });
});

describe("tenant isolation for vouchers", () => {
  it("another business's customer is a 404 on create, promos and recent-vouchers; lists never mix", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    const ca = await insertCustomer(a.businessId);
    const cb = await insertCustomer(b.businessId);
    expect((await post(a.cookie, voucherPayload([ca.id]))).status).toBe(200);

    const cross = await post(b.cookie, voucherPayload([cb.id, ca.id]));
    expect(cross.status).toBe(404);
    expect(cross.json.message).toBe("Customer not found");
    expect(await db.voucher.count({ where: { businessId: b.businessId } })).toBe(0);

    for (const handler of [recentVouchers, customerPromos]) {
      const res = await call(handler, { cookie: b.cookie, params: params(ca.id) });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ message: "Customer not found" });
      expect((await call(handler, { cookie: b.cookie, params: { id: "abc" } })).status).toBe(400);
    }
    expect((await call<VoucherDto[]>(listPromos, { cookie: b.cookie })).json).toEqual([]);
    const own = await call<VoucherDto[]>(customerPromos, { cookie: a.cookie, params: params(ca.id) });
    expect(own.json).toHaveLength(1);
    expect(own.json[0].customer.id).toBe(ca.id);
  });
});
