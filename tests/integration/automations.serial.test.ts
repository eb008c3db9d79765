/** @jest-environment node */
import { GET as listRoute } from "@/app/api/automations/route";
import { PUT as updateRoute } from "@/app/api/automations/[kind]/route";
import { GET as logRoute } from "@/app/api/automations/log/route";
import { GET as cronRoute } from "@/app/api/cron/automations/route";
import { runAutomations } from "@/lib/automations/run-automations";
import { defaultAutomation, type AutomationKind } from "@/lib/automations/automation-rules";
import { db } from "@/lib/db";
import { marketingSmsThisMonth } from "@/lib/vouchers/check-recipients";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { insertCustomer, type CustomerOverrides } from "./vouchers-fixtures";

// Issue 25: each automation's timeline, by moving the injected clock (`now` of the daily run). The
// run acts on every business with automations switched on, so this file runs in the serial phase;
// each test switches its own automation on in a fresh business and reads only that business's rows.

type Biz = Awaited<ReturnType<typeof createBusinessSession>>;

async function switchOn(biz: Biz, kind: AutomationKind, overrides: Record<string, unknown> = {}) {
  const { kind: _k, ...defaults } = defaultAutomation(kind);
  const res = await call(updateRoute, { method: "PUT", cookie: biz.cookie, params: { kind }, body: { ...defaults, enabled: true, ...overrides } });
  expect(res.status).toBe(200);
}

/** A customer with fields set directly; points go through the ledger (the invariant holds). */
async function customer(businessId: number, data: Record<string, unknown>, overrides: CustomerOverrides = {}) {
  const { totalPoints, ...rest } = data;
  const c = await insertCustomer(businessId, overrides);
  if (typeof totalPoints === "number") await givePoints(businessId, c.id, totalPoints);
  return db.customer.update({ where: { id: c.id }, data: rest });
}

async function givePoints(businessId: number, customerId: number, points: number) {
  // A fixture: balance and ledger row written together by hand, since the ledger refuses bonus points to
  // the closed, asleep, snoozed and parked accounts these tests need.
  await db.$executeRaw`UPDATE customers SET "totalPoints" = "totalPoints" + ${points} WHERE id = ${customerId}`;
  const { totalPoints } = await db.customer.findUniqueOrThrow({ where: { id: customerId } });
  await db.pointsLedgerEntry.create({ data: { businessId, customerId, kind: "bonus", points, balanceAfter: totalPoints, reason: "fixture", actorType: "system" } });
}

const sends = (customerId: number) => db.automationSend.findMany({ where: { customerId }, orderBy: { id: "asc" } });
const outbox = (customerId: number, channel?: string) => db.outboundMessage.findMany({ where: { customerId, emailType: "automation", ...(channel ? { channel } : {}) } });

afterEach(async () => {
  // Switch everything off again so later runs in this file touch only their own business.
  await db.automation.updateMany({ data: { enabled: false } });
});

describe("birthday automation", () => {
  it("gives the points through the ledger N days before the date of birth, once a year, and emails the customer", async () => {
    const biz = await createBusinessSession();
    await switchOn(biz, "birthday", { daysBefore: 7, rewardPoints: 50 });
    const c = await customer(biz.businessId, { dateOfBirth: new Date("1990-12-20T00:00:00Z"), createdAt: new Date("2026-01-05T12:00:00Z") });

    await runAutomations(new Date("2026-12-12T10:00:00Z")); // 8 days before: not yet
    expect(await sends(c.id)).toHaveLength(0);

    await runAutomations(new Date("2026-12-13T10:00:00Z")); // 7 days before
    const [s] = await sends(c.id);
    expect(s).toMatchObject({ occasion: "birthday:2026", status: "sent", sentByEmail: true, sentBySms: false, rewardPoints: 50 });
    expect(s.reason).toContain("Birthday on 2026-12-20");
    const after = await db.customer.findUniqueOrThrow({ where: { id: c.id } });
    expect(after.totalPoints).toBe(50);
    const ledger = await db.pointsLedgerEntry.findMany({ where: { customerId: c.id } });
    expect(ledger).toEqual([expect.objectContaining({ kind: "bonus", points: 50, balanceAfter: 50, actorType: "system" })]);
    const [mail] = await outbox(c.id, "email");
    expect(mail.subject).toBe(`Happy birthday from ${biz.businessName}!`);
    expect(mail.html).toContain("50 bonus points");

    await runAutomations(new Date("2026-12-14T10:00:00Z")); // still in the window: nothing twice
    await runAutomations(new Date("2026-12-20T10:00:00Z"));
    expect(await sends(c.id)).toHaveLength(1);
    expect((await db.customer.findUniqueOrThrow({ where: { id: c.id } })).totalPoints).toBe(50);

    await runAutomations(new Date("2027-12-13T10:00:00Z")); // next year, again
    expect((await sends(c.id)).map((x) => x.occasion)).toEqual(["birthday:2026", "birthday:2027"]);
    expect((await db.customer.findUniqueOrThrow({ where: { id: c.id } })).totalPoints).toBe(100);
  });

  it("a 29 February birthday falls on 28 February in other years, and the window is in UK days", async () => {
    const biz = await createBusinessSession();
    await switchOn(biz, "birthday", { daysBefore: 0, rewardPoints: 10 });
    const leap = await customer(biz.businessId, { dateOfBirth: new Date("2000-02-29T00:00:00Z"), createdAt: new Date("2026-01-05T12:00:00Z") });
    const summer = await customer(biz.businessId, { dateOfBirth: new Date("1999-07-01T00:00:00Z"), createdAt: new Date("2026-01-05T12:00:00Z") });
    await runAutomations(new Date("2027-02-27T10:00:00Z"));
    expect(await sends(leap.id)).toHaveLength(0);
    await runAutomations(new Date("2027-02-28T10:00:00Z"));
    expect((await sends(leap.id)).map((s) => s.reason)).toEqual(["Birthday on 2027-02-28: 10 bonus points"]);
    await runAutomations(new Date("2027-06-30T22:30:00Z")); // 23:30 BST on 30 June: not yet 1 July in the UK
    expect(await sends(summer.id)).toHaveLength(0);
    await runAutomations(new Date("2027-06-30T23:30:00Z")); // 00:30 BST on 1 July
    expect(await sends(summer.id)).toMatchObject([{ occasion: "birthday:2027" }]);
  });

  it("two instances running at once give the reward and send the message once", async () => {
    const biz = await createBusinessSession();
    await switchOn(biz, "birthday", { daysBefore: 3, rewardPoints: 25 });
    const c = await customer(biz.businessId, { dateOfBirth: new Date("1985-06-10T00:00:00Z"), createdAt: new Date("2026-01-05T12:00:00Z") });
    const now = new Date("2026-06-08T10:00:00Z");
    await Promise.all([runAutomations(now), runAutomations(now), runAutomations(now)]);
    expect(await sends(c.id)).toHaveLength(1);
    expect(await outbox(c.id)).toHaveLength(1);
    expect((await db.customer.findUniqueOrThrow({ where: { id: c.id } })).totalPoints).toBe(25);
  });

  it("can give a voucher instead of points; without consent the reward is given and no message is sent", async () => {
    const biz = await createBusinessSession();
    await switchOn(biz, "birthday", { rewardType: "voucher", voucherPercent: 15 });
    const c = await customer(biz.businessId, { dateOfBirth: new Date("2000-03-05T00:00:00Z"), createdAt: new Date("2026-01-05T12:00:00Z") }, { marketingConsentEmail: false });
    await runAutomations(new Date("2026-03-01T10:00:00Z"));
    const [s] = await sends(c.id);
    expect(s).toMatchObject({ status: "reward_only", sentByEmail: false, sentBySms: false });
    const v = await db.voucher.findUniqueOrThrow({ where: { id: s.voucherId! } });
    expect(v).toMatchObject({ customerId: c.id, discountType: "percentage", status: "active" });
    expect(Number(v.discountValue)).toBe(15);
    expect(await outbox(c.id)).toHaveLength(0);
  });
});

describe("win-back automation", () => {
  it("messages after X days without a visit, once per lapse, and never once the customer would be asleep", async () => {
    const biz = await createBusinessSession();
    await switchOn(biz, "win_back", { inactiveDays: 45 });
    const lapsing = await customer(biz.businessId, { lastVisit: new Date("2026-01-01T12:00:00Z"), createdAt: new Date("2025-12-01T12:00:00Z") });
    const longGone = await customer(biz.businessId, { lastVisit: new Date("2025-10-01T12:00:00Z"), createdAt: new Date("2025-09-01T12:00:00Z") });

    await runAutomations(new Date("2026-02-14T10:00:00Z")); // 44 days
    expect(await sends(lapsing.id)).toHaveLength(0);
    await runAutomations(new Date("2026-02-16T10:00:00Z")); // 46 days
    const [s] = await sends(lapsing.id);
    expect(s).toMatchObject({ kind: "win_back", status: "sent", sentByEmail: true });
    expect(s.reason).toBe("No visit since 2026-01-01 (45+ days)");
    const [mail] = await outbox(lapsing.id);
    expect(mail.html).toContain("46 days since your last visit");
    await runAutomations(new Date("2026-03-20T10:00:00Z"));
    expect(await sends(lapsing.id)).toHaveLength(1);
    expect(await sends(longGone.id)).toHaveLength(0); // past 3 months: asleep, not won back

    // A new visit starts a new lapse: another message 45 days after it.
    await db.customer.update({ where: { id: lapsing.id }, data: { lastVisit: new Date("2026-03-21T12:00:00Z") } });
    await runAutomations(new Date("2026-05-06T10:00:00Z"));
    expect(await sends(lapsing.id)).toHaveLength(2);
  });
});

describe("nearly-there and reward-available automations", () => {
  it("message once per redemption cycle", async () => {
    const biz = await createBusinessSession();
    await switchOn(biz, "nearly_there", { pointsWithin: 20 });
    await switchOn(biz, "reward_available");
    const c = await customer(biz.businessId, { totalPoints: 70, minimumRedemption: 100, lastVisit: new Date("2026-04-01T12:00:00Z") });
    const now = new Date("2026-04-02T10:00:00Z");
    await runAutomations(now);
    expect(await sends(c.id)).toHaveLength(0); // 30 short
    await givePoints(biz.businessId, c.id, 15);
    await runAutomations(now);
    await runAutomations(new Date("2026-04-03T10:00:00Z"));
    const near = await sends(c.id);
    expect(near).toHaveLength(1);
    expect(near[0]).toMatchObject({ kind: "nearly_there", occasion: "nearly_there:0" });
    expect((await outbox(c.id))[0].html).toContain("just 15 more");
    await givePoints(biz.businessId, c.id, 35);
    await runAutomations(new Date("2026-04-04T10:00:00Z"));
    await runAutomations(new Date("2026-04-05T10:00:00Z"));
    expect((await sends(c.id)).map((s) => s.kind)).toEqual(["nearly_there", "reward_available"]);
  });
});

describe("sending rules", () => {
  it("never messages closed, asleep, snoozed or parked customers", async () => {
    const biz = await createBusinessSession();
    await switchOn(biz, "reward_available");
    const base = { totalPoints: 500, minimumRedemption: 100 };
    const blocked = await Promise.all([
      customer(biz.businessId, base, { accountStatus: "closed" }),
      customer(biz.businessId, base, { sleepStatus: "asleep" }),
      customer(biz.businessId, base, { accountStatus: "snoozed" }),
      customer(biz.businessId, base, { parkedAt: new Date("2026-01-01T00:00:00Z") }),
    ]);
    const ok = await customer(biz.businessId, base);
    await runAutomations(new Date("2026-04-02T10:00:00Z"));
    for (const b of blocked) expect(await sends(b.id)).toHaveLength(0);
    expect(await sends(ok.id)).toHaveLength(1);
  });

  it("SMS needs SMS consent, waits out 21:00-08:00 UK time, and shares the 2-a-month limit with vouchers", async () => {
    const biz = await createBusinessSession();
    await switchOn(biz, "reward_available", { sendEmail: true, sendSms: true });
    const base = { totalPoints: 500, minimumRedemption: 100 };
    const smsOnly = await customer(biz.businessId, base, { marketingConsentEmail: false, marketingConsentSms: true });
    const both = await customer(biz.businessId, base, { marketingConsentEmail: true, marketingConsentSms: true });
    const emailOnly = await customer(biz.businessId, base, { marketingConsentEmail: true, marketingConsentSms: false });
    const capped = await customer(biz.businessId, base, { marketingConsentEmail: false, marketingConsentSms: true });
    // Two voucher texts already this month (the limit counts sent marketing SMS this UK month).
    for (let i = 0; i < 2; i++) {
      await db.outboundMessage.create({ data: { businessId: biz.businessId, customerId: capped.id, channel: "sms", recipient: capped.phone, emailType: "voucher", text: "voucher", provider: "simulated", simulated: true, status: "sent" } });
    }
    const real = new Date();
    const day = real.toISOString().slice(0, 10);
    // 22:30 UK time today (GMT in winter, BST in summer: 21:30Z is 22:30 BST or 21:30 GMT, both quiet).
    await runAutomations(new Date(`${day}T21:30:00Z`));
    expect(await sends(smsOnly.id)).toHaveLength(0); // no channel open tonight: tried again tomorrow
    expect(await sends(both.id)).toMatchObject([{ sentByEmail: true, sentBySms: false }]);
    expect(await sends(emailOnly.id)).toMatchObject([{ sentByEmail: true, sentBySms: false }]);

    await runAutomations(new Date(`${day}T12:00:00Z`));
    expect(await sends(smsOnly.id)).toMatchObject([{ sentByEmail: false, sentBySms: true, status: "sent" }]);
    expect(await outbox(smsOnly.id, "sms")).toHaveLength(1);
    // ...and the automation text counts towards the vouchers' limit too: one rule, one count.
    expect((await marketingSmsThisMonth([smsOnly.id], new Date())).get(smsOnly.id)).toBe(1);
    expect(await sends(capped.id)).toHaveLength(0); // the limit closed its only channel
    expect(await outbox(capped.id, "sms")).toHaveLength(0);
  });
});

describe("automations API", () => {
  it("lists the four automations off by default, saves one, refuses bad input with the message, and shows the log", async () => {
    const biz = await createBusinessSession();
    const list = await call<{ automations: { kind: string; enabled: boolean }[] }>(listRoute, { cookie: biz.cookie });
    expect(list.status).toBe(200);
    expect(list.json.automations.map((a) => [a.kind, a.enabled])).toEqual([["birthday", false], ["win_back", false], ["nearly_there", false], ["reward_available", false]]);

    const { kind: _k, ...defaults } = defaultAutomation("win_back");
    const bad = await call(updateRoute, { method: "PUT", cookie: biz.cookie, params: { kind: "win_back" }, body: { ...defaults, inactiveDays: 120 } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ message: "No visit for must be between 7 and 88 days" });
    const noChannel = await call(updateRoute, { method: "PUT", cookie: biz.cookie, params: { kind: "win_back" }, body: { ...defaults, enabled: true, sendEmail: false, sendSms: false } });
    expect(noChannel.status).toBe(400);
    const unknown = await call(updateRoute, { method: "PUT", cookie: biz.cookie, params: { kind: "anniversary" }, body: defaults });
    expect(unknown.status).toBe(400);
    expect((await call(listRoute, {})).status).toBe(401);

    await switchOn(biz, "reward_available");
    const c = await customer(biz.businessId, { totalPoints: 300, minimumRedemption: 100 });
    const cron = await call(cronRoute, { headers: { "x-test-now": "2026-04-02T10:00:00Z" } });
    expect(cron.status).toBe(200);
    const log = await call<{ sends: { customer: { id: number; name: string }; reason: string; sentByEmail: boolean }[] }>(logRoute, { cookie: biz.cookie, path: "/api/automations/log?limit=10" });
    expect(log.status).toBe(200);
    expect(log.json.sends).toEqual([expect.objectContaining({ customer: { id: c.id, name: c.name }, sentByEmail: true, reason: "300 points, enough to redeem (minimum 100)" })]);
    const other = await createBusinessSession();
    expect((await call<{ sends: unknown[] }>(logRoute, { cookie: other.cookie, path: "/api/automations/log" })).json.sends).toEqual([]);
  });
});
