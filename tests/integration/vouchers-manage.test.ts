/** @jest-environment node */
import { GET as listPromos, POST as createPromo } from "@/app/api/promos/route";
import { PUT as updateVoucher, DELETE as cancelVoucher } from "@/app/api/vouchers/[id]/route";
import { POST as sendPromo } from "@/app/api/promos/[id]/send/route";
import { GET as expireJob } from "@/app/api/cron/expire-vouchers/route";
import { db } from "@/lib/db";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";
import { REQUIRED_MESSAGE } from "@/lib/validation/vouchers";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { dayFromNow, insertCustomer, voucherPayload } from "./vouchers-fixtures";

type Created = { vouchers: VoucherDto[]; batchId: string };
const params = (id: number) => ({ id: String(id) });

async function setup(customer: Parameters<typeof insertCustomer>[1] = {}, voucher: Record<string, unknown> = {}) {
  const biz = await createBusinessSession();
  const c = await insertCustomer(biz.businessId, customer);
  const channels = customer.marketingConsentEmail === false ? { sendEmail: false, sendSms: true } : {};
  const res = await call<Created>(createPromo, { method: "POST", cookie: biz.cookie, body: voucherPayload([c.id], { ...channels, ...voucher }) });
  if (res.status !== 200) throw new Error(`create failed: ${res.text}`);
  return { biz, c, v: res.json.vouchers[0] };
}

const editBody = (overrides: Record<string, unknown> = {}) => ({
  title: "Winter warmer",
  description: "£3 off hot chocolate",
  discountType: "fixed",
  discountValue: "3.00",
  minSpend: "5",
  expiresAt: `${dayFromNow(40)}T00:00:00.000Z`,
  ...overrides,
});
const put = (cookie: string, id: number, body: unknown, headers?: Record<string, string>) =>
  call<{ voucher: VoucherDto; emailSent: boolean; message: string }>(updateVoucher, { method: "PUT", cookie, params: params(id), body, headers });

describe("PUT /api/vouchers/{id}", () => {
  it("updates an active voucher, stores the expiry at 23:59:59 UK time, and emails a consenting customer", async () => {
    const { biz, c, v } = await setup();
    const day = dayFromNow(40);
    const res = await put(biz.cookie, v.id, editBody({ expiresAt: `${day}T00:00:00.000Z`, promoCode: v.promoCode.toLowerCase(), customerId: c.id }));
    expect(res.status).toBe(200);
    expect(res.json.emailSent).toBe(true);
    expect(res.json.message).toBe("voucher updated successfully and customer notified");
    expect(res.json.voucher).toMatchObject({
      id: v.id,
      promoCode: v.promoCode,
      title: "Winter warmer",
      description: "£3 off hot chocolate",
      discountType: "fixed",
      discountValue: 3,
      discountAmount: "3.00",
      discountPercent: null,
      minSpend: "5.00",
      status: "active",
    });
    const london = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "short", timeStyle: "medium" }).format(new Date(res.json.voucher.expiresAt!));
    expect(london).toBe(`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}, 23:59:59`);
    const mail = await db.outboundMessage.findFirstOrThrow({ where: { customerId: c.id, emailType: "voucher" }, orderBy: { id: "desc" } });
    expect(mail.recipient).toBe(c.email);
    expect(mail.subject).toBe(`Your voucher from ${biz.businessName} has been updated`);
    expect(mail.html).toContain("Winter warmer");
    expect(mail.html).toContain("£3.00 off");
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "voucher_updated", recordId: String(v.id) } })).toBe(1);
  });

  it("does not email a customer without email consent", async () => {
    const { biz, c, v } = await setup({ marketingConsentEmail: false, marketingConsentSms: true });
    const before = await db.outboundMessage.count({ where: { customerId: c.id, channel: "email" } });
    const res = await put(biz.cookie, v.id, editBody());
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ emailSent: false, message: "voucher updated successfully" });
    expect(await db.outboundMessage.count({ where: { customerId: c.id, channel: "email" } })).toBe(before);
  });

  it("keeps the code and the recipient locked, and refuses an expiry that is not in the future", async () => {
    const { biz, v } = await setup();
    const other = await insertCustomer(biz.businessId);
    expect((await put(biz.cookie, v.id, editBody({ promoCode: "NEWCODE" }))).json).toMatchObject({ message: "the promo code cannot be changed" });
    expect((await put(biz.cookie, v.id, editBody({ customerId: other.id }))).json).toMatchObject({ message: "the recipient cannot be changed" });
    const past = await put(biz.cookie, v.id, editBody({ expiresAt: new Date(Date.now() - 2 * 86_400_000).toISOString() }));
    expect(past.status).toBe(400);
    expect(past.json.message).toBe("expiry date must be in the future");
    for (const [override, message] of [
      [{ title: " " }, REQUIRED_MESSAGE],
      [{ discountValue: "" }, REQUIRED_MESSAGE],
      [{ expiresAt: "" }, REQUIRED_MESSAGE],
      [{ expiresAt: "tomorrow" }, "please enter a valid expiry date"],
      [{ discountType: "percentage", discountValue: "150" }, "percentage discount must be a whole number from 1 to 100"],
    ] as const) {
      const res = await put(biz.cookie, v.id, editBody(override));
      expect({ override, status: res.status, message: res.json.message }).toEqual({ override, status: 400, message });
    }
    const stored = await db.voucher.findUniqueOrThrow({ where: { id: v.id } });
    expect(stored.title).toBe("Autumn treat");
  });

  it("stores an edit's terms as a new voucher with those terms is stored; a percentage keeps its cap, a fixed amount has none", async () => {
    const { biz, c, v } = await setup({}, { discountValue: 10, maxDiscount: "4" });
    const terms = (id: number) =>
      db.voucher.findUniqueOrThrow({ where: { id }, select: { title: true, description: true, discountType: true, discountValue: true, minSpendPence: true, maxDiscountPence: true, expiresAt: true } });
    expect((await terms(v.id)).maxDiscountPence).toBe(400);
    const asNew = async (body: Record<string, unknown>) => {
      const other = await insertCustomer(biz.businessId);
      const res = await call<Created>(createPromo, { method: "POST", cookie: biz.cookie, body: voucherPayload([other.id], { ...body, maxDiscount: "4" }) });
      expect([res.status, res.text]).toEqual([200, expect.any(String)]);
      return terms(res.json.vouchers[0].id);
    };
    const percent = editBody({ discountType: "percentage", discountValue: "15", minSpend: "2.5" });
    expect((await put(biz.cookie, v.id, percent)).status).toBe(200);
    expect(await terms(v.id)).toEqual(await asNew(percent));
    const fixed = editBody();
    expect((await put(biz.cookie, v.id, fixed)).status).toBe(200);
    expect(await terms(v.id)).toEqual({ ...(await asNew(fixed)), maxDiscountPence: null });
    expect((await db.voucher.findUniqueOrThrow({ where: { id: v.id } })).customerId).toBe(c.id);
  });

  it("only active vouchers can be edited: 'Cannot edit - voucher is {status}'", async () => {
    const { biz, v } = await setup();
    await db.voucher.update({ where: { id: v.id }, data: { status: "redeemed", isActive: false, redeemedAt: new Date() } });
    const redeemed = await put(biz.cookie, v.id, editBody());
    expect(redeemed.status).toBe(409);
    expect(redeemed.json.message).toBe("Cannot edit - voucher is redeemed");

    // Past its expiry but not yet touched by the job: already expired for every purpose.
    await db.voucher.update({ where: { id: v.id }, data: { status: "active", isActive: true, redeemedAt: null, expiresAt: new Date(Date.now() - 1000) } });
    expect((await put(biz.cookie, v.id, editBody())).json.message).toBe("Cannot edit - voucher is expired");
    expect((await call(cancelVoucher, { method: "DELETE", cookie: biz.cookie, params: params(v.id) })).json).toMatchObject({ message: "Cannot cancel - voucher is expired" });
  });
});

describe("DELETE /api/vouchers/{id}", () => {
  it("cancels an active voucher once; afterwards it can be neither cancelled, edited nor sent", async () => {
    const { biz, v } = await setup();
    const res = await call<{ voucher: VoucherDto; message: string }>(cancelVoucher, { method: "DELETE", cookie: biz.cookie, params: params(v.id) });
    expect(res.status).toBe(200);
    expect(res.json.voucher).toMatchObject({ id: v.id, status: "cancelled", isActive: false });
    const row = await db.voucher.findUniqueOrThrow({ where: { id: v.id } });
    expect(row).toMatchObject({ status: "cancelled", isActive: false });

    const again = await call(cancelVoucher, { method: "DELETE", cookie: biz.cookie, params: params(v.id) });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ message: "Cannot cancel - voucher is cancelled" });
    expect((await put(biz.cookie, v.id, editBody())).json).toMatchObject({ message: "Cannot edit - voucher is cancelled" });
    expect((await call(sendPromo, { method: "POST", cookie: biz.cookie, params: params(v.id), body: { method: "email" } })).json).toMatchObject({
      message: "Cannot send - voucher is cancelled",
    });
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "voucher_cancelled" } })).toBe(1);
  });

  it("a cancel and an edit at once: the voucher ends cancelled, and whichever lost is told why", async () => {
    const { biz, v } = await setup();
    const [cancelled, edited] = await Promise.all([
      call(cancelVoucher, { method: "DELETE", cookie: biz.cookie, params: params(v.id) }),
      put(biz.cookie, v.id, editBody()),
    ]);
    expect(cancelled.status).toBe(200);
    expect([200, 409]).toContain(edited.status);
    if (edited.status === 409) expect(edited.json.message).toBe("Cannot edit - voucher is cancelled");
    expect((await db.voucher.findUniqueOrThrow({ where: { id: v.id } })).status).toBe("cancelled");
  });
});

describe("POST /api/promos/{id}/send", () => {
  it("resends by email and answers the simulated email", async () => {
    const { biz, c, v } = await setup();
    const res = await call<{ simulatedEmail: { to: string; subject: string; content: string } }>(sendPromo, {
      method: "POST",
      cookie: biz.cookie,
      params: params(v.id),
      body: { method: "email" },
    });
    expect(res.status).toBe(200);
    expect(res.json.simulatedEmail).toMatchObject({ to: c.email, subject: `Autumn treat - a voucher from ${biz.businessName}` });
    expect(res.json.simulatedEmail.content).toContain(v.promoCode);
    expect(await db.outboundMessage.count({ where: { customerId: c.id, channel: "email", emailType: "voucher" } })).toBe(2);
  });

  it("respects consent and the SMS allowance, and validates the method", async () => {
    const { biz, c, v } = await setup({ name: "Sam Texts", marketingConsentEmail: true, marketingConsentSms: false });
    const sms = await call(sendPromo, { method: "POST", cookie: biz.cookie, params: params(v.id), body: { method: "sms" } });
    expect(sms.status).toBe(400);
    expect(sms.json).toMatchObject({ message: "consent mismatch: 1 selected customer lacks consent for SMS" });
    expect((await call(sendPromo, { method: "POST", cookie: biz.cookie, params: params(v.id), body: { method: "pigeon" } })).json).toMatchObject({
      message: "method must be 'email' or 'sms'",
    });

    await db.customer.update({ where: { id: c.id }, data: { marketingConsentSms: true } });
    for (let i = 0; i < 2; i++) expect((await call(sendPromo, { method: "POST", cookie: biz.cookie, params: params(v.id), body: { method: "sms" } })).status).toBe(200);
    const third = await call(sendPromo, { method: "POST", cookie: biz.cookie, params: params(v.id), body: { method: "sms" } });
    expect(third.status).toBe(409);
    expect(third.json.message).toMatch(/^SMS marketing is limited to 2 messages per customer per month: Sam Texts has already had 2 this month/);
    expect(await db.outboundMessage.count({ where: { customerId: c.id, channel: "sms" } })).toBe(2);

    await db.customer.update({ where: { id: c.id }, data: { sleepStatus: "asleep" } });
    const asleep = await call(sendPromo, { method: "POST", cookie: biz.cookie, params: params(v.id), body: { method: "email" } });
    expect(asleep.status).toBe(409);
  });
});

describe("GET /api/cron/expire-vouchers", () => {
  // The job is global: it runs at the real time, so it never expires another test's live voucher.
  it("reports a voucher past its expiry as expired at once, and the job writes it once (idempotent)", async () => {
    const { biz, v } = await setup();
    const live = await insertCustomer(biz.businessId);
    const liveId = (await call<Created>(createPromo, { method: "POST", cookie: biz.cookie, body: voucherPayload([live.id]) })).json.vouchers[0].id;
    const redeemedCustomer = await insertCustomer(biz.businessId);
    const redeemedId = (await call<Created>(createPromo, { method: "POST", cookie: biz.cookie, body: voucherPayload([redeemedCustomer.id]) })).json.vouchers[0].id;

    // The first voucher's day is over; the redeemed one's too, but it stays redeemed.
    const past = new Date(Date.now() - 60_000);
    await db.voucher.update({ where: { id: v.id }, data: { expiresAt: past } });
    await db.voucher.update({ where: { id: redeemedId }, data: { status: "redeemed", isActive: false, expiresAt: past } });

    const list = await call<VoucherDto[]>(listPromos, { cookie: biz.cookie });
    expect(list.json.find((x) => x.id === v.id)).toMatchObject({ status: "expired", isActive: false });
    expect(list.json.find((x) => x.id === liveId)).toMatchObject({ status: "active", isActive: true });
    expect((await db.voucher.findUniqueOrThrow({ where: { id: v.id } })).status).toBe("active");

    const run = await call<{ job: string; ran: boolean; result: { vouchersExpired: number } }>(expireJob, {});
    expect(run.status).toBe(200);
    expect(run.json).toMatchObject({ job: "expire-vouchers", ran: true });
    expect(run.json.result.vouchersExpired).toBeGreaterThanOrEqual(1);
    const after = await db.voucher.findUniqueOrThrow({ where: { id: v.id } });
    expect(after).toMatchObject({ status: "expired", isActive: false });
    expect((await db.voucher.findUniqueOrThrow({ where: { id: liveId } })).status).toBe("active");
    expect((await db.voucher.findUniqueOrThrow({ where: { id: redeemedId } })).status).toBe("redeemed");

    const rerun = await call<{ ran: boolean }>(expireJob, {});
    expect(rerun.json.ran).toBe(true);
    expect((await db.voucher.findUniqueOrThrow({ where: { id: v.id } })).updatedAt).toEqual(after.updatedAt);
  });
});

describe("tenant isolation for voucher ids", () => {
  it("business B gets 404 on every voucher route for A's voucher and changes nothing", async () => {
    const { v } = await setup();
    const b = await createBusinessSession();
    const before = await db.voucher.findUniqueOrThrow({ where: { id: v.id } });
    const outboxBefore = await db.outboundMessage.count({ where: { customerId: v.customerId } });
    const attempts = await Promise.all([
      put(b.cookie, v.id, editBody()),
      call(cancelVoucher, { method: "DELETE", cookie: b.cookie, params: params(v.id) }),
      call(sendPromo, { method: "POST", cookie: b.cookie, params: params(v.id), body: { method: "email" } }),
    ]);
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ message: "Voucher not found" });
    }
    expect(await db.voucher.findUniqueOrThrow({ where: { id: v.id } })).toEqual(before);
    expect(await db.outboundMessage.count({ where: { customerId: v.customerId } })).toBe(outboxBefore);
    expect((await call(cancelVoucher, { method: "DELETE", cookie: b.cookie, params: { id: "abc" } })).status).toBe(400);
    expect((await put(b.cookie, 999_999_999, editBody())).status).toBe(404);
  });
});
