/** @jest-environment node */
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import { POST as createPromo } from "@/app/api/promos/route";
import { POST as sendPromo } from "@/app/api/promos/[id]/send/route";
import { runAutomations } from "@/lib/automations/run-automations";
import { db, type Tx } from "@/lib/db";
import { MARKETING_SMS_HOLD_MS, marketingSmsThisMonth } from "@/lib/vouchers/check-recipients";
import { processVoucherSendJob } from "@/lib/vouchers/process-voucher-send-jobs";
import { call, type CallResult } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { customerWithTexts, rewardAvailableBySms, smsJobFor, textsThisMonth } from "./marketing-sms-fixtures";
import { voucherPayload } from "./vouchers-fixtures";

// Spec 3 section 9: SMS marketing at most 2 per month per customer. A voucher "send now" (POST
// /api/promos) and "send again" (POST /api/promos/{id}/send) decide and text in one request; a
// voucher send job and the daily automations decide under the customers' row locks and record
// their decision before texting. Each race here puts a send now or a send again against a job or
// the automations for a customer's last text of the month, in both orders:
// - the sender first: its text is decided and on its way (the provider call is held open) while
//   the other decides;
// - the other first: it has locked and counted, and not committed yet, when the sender comes.
// Either way the month ends with at most 2 texts. Serial: the automation run acts on every business.

/** Pauses: a voucher text at the provider (the sender between decision and send), or the
 *  job's or the automations' count inside their deciding transaction. */
const mockPause: {
  sms?: { reached: () => void; release: Promise<void> };
  count?: { customerId: number; reached: (tx: Tx) => void; release: Promise<void> };
  crashNextVoucherSms?: boolean;
  voucherSmsReached?: () => void;
} = {};

jest.mock("@/lib/sms/send-sms", () => {
  const actual = jest.requireActual("@/lib/sms/send-sms");
  return {
    ...actual,
    sendSms: async (msg: { purpose: string }) => {
      if (msg.purpose === "voucher") {
        mockPause.voucherSmsReached?.();
        if (mockPause.crashNextVoucherSms) {
          mockPause.crashNextVoucherSms = false;
          throw new Error("process died between decision and send");
        }
        const p = mockPause.sms;
        if (p) {
          mockPause.sms = undefined;
          p.reached();
          await p.release;
        }
      }
      return actual.sendSms(msg);
    },
  };
});

jest.mock("@/lib/vouchers/check-recipients", () => {
  const actual = jest.requireActual("@/lib/vouchers/check-recipients");
  return {
    ...actual,
    // The job and the automations import the count; the senders' own count (assertSmsAllowance) is
    // the module's internal call and is not paused.
    marketingSmsThisMonth: async (ids: number[], now: Date, tx: Tx) => {
      const counts = await actual.marketingSmsThisMonth(ids, now, tx);
      const p = mockPause.count;
      if (p && ids.includes(p.customerId)) {
        mockPause.count = undefined;
        p.reached(tx);
        await p.release;
      }
      return counts;
    },
  };
});

type Sender = "send now" | "send again";
type Other = "job" | "automations";

function gate() {
  let open!: () => void;
  const release = new Promise<void>((r) => (open = r));
  return { release, open };
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Daytime today (the automations send no SMS from 21:00 to 08:00). */
const noonToday = () => new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);

async function setup(sender: Sender, other: Other, texts: number, now: Date) {
  const biz = await createBusinessSession();
  if (other === "automations") await rewardAvailableBySms(biz);
  const c = await customerWithTexts(biz, texts);
  // send again: a live voucher given 8 days ago (outside the one-a-week rule a job checks)
  const given = new Date(now.getTime() - 8 * 86_400_000);
  const voucher =
    sender === "send again"
      ? await db.voucher.create({
          data: {
            businessId: biz.businessId, customerId: c.id, batchId: randomUUID(), promoCode: `AGN${randomUUID().slice(0, 6).toUpperCase()}`, title: "Again", discountType: "fixed",
            discountValue: 2, expiresAt: new Date(now.getTime() + 30 * 86_400_000), createdAt: given,
          },
        })
      : null;
  const job = other === "job" ? await smsJobFor(biz, c.id, now) : null;
  return { biz, c, voucherId: voucher?.id, jobId: job?.id };
}

type Setup = Awaited<ReturnType<typeof setup>>;

function send(sender: Sender, s: Setup, now: Date): Promise<CallResult> {
  const headers = { "x-test-now": now.toISOString() };
  return sender === "send now"
    ? call(createPromo, { method: "POST", cookie: s.biz.cookie, headers, body: voucherPayload([s.c.id], { sendEmail: false, sendSms: true }) })
    : call(sendPromo, { method: "POST", cookie: s.biz.cookie, headers, params: { id: String(s.voucherId) }, body: { method: "sms" } });
}

async function runOther(other: Other, s: Setup, now: Date) {
  if (other === "job") await processVoucherSendJob(s.jobId!, { worker: `w-${randomUUID()}`, now: () => now });
  else await runAutomations(now);
}

/** The sender's text is decided and held at the provider while the other decides and sends. */
async function senderFirst(sender: Sender, other: Other, s: Setup, now: Date) {
  const g = gate();
  const reached = new Promise<void>((r) => (mockPause.sms = { reached: r, release: g.release }));
  const request = send(sender, s, now);
  await Promise.race([reached, request]); // held at the provider, or refused before it
  await runOther(other, s, now);
  g.open();
  return request;
}

/** Whether a transaction is waiting for a lock (seen through the open transaction's own connection). */
const someoneWaits = async (tx: Tx) => (await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)[0].n > 0;

/** The other has locked the customer and counted, and has not recorded its decision yet, when the
 *  sender comes: the sender runs until it reaches the provider or waits for a lock (on the embedded
 *  PGlite, whose one session serves an open transaction's client alone, it cannot start until the
 *  other commits), then the other goes on. */
async function otherFirst(sender: Sender, other: Other, s: Setup, now: Date) {
  const g = gate();
  let request!: Promise<CallResult>;
  const counted = new Promise<Tx>((r) => (mockPause.count = { customerId: s.c.id, reached: r, release: g.release }));
  const running = runOther(other, s, now);
  const tx = await Promise.race([counted, running.then(() => null)]);
  if (tx === null) throw new Error(`the ${other} never counted customer ${s.c.id}`);
  let atProvider = false;
  mockPause.voucherSmsReached = () => (atProvider = true);
  try {
    request = send(sender, s, now);
    let settled = false;
    void request.finally(() => (settled = true));
    for (let waited = 0; waited < 3000 && !atProvider && !settled && !(await someoneWaits(tx)); waited += 50) await delay(50);
  } finally {
    mockPause.voucherSmsReached = undefined;
    g.open();
  }
  await running;
  return request;
}

const holdsOf = (customerId: number) => db.marketingSmsHold.count({ where: { customerId } });

afterEach(async () => {
  mockPause.sms = undefined;
  mockPause.count = undefined;
  mockPause.crashNextVoucherSms = false;
  await db.automation.updateMany({ data: { enabled: false } });
});

jest.setTimeout(60_000);

const cases: [Sender, Other][] = [
  ["send now", "automations"],
  ["send now", "job"],
  ["send again", "automations"],
  ["send again", "job"],
];

describe("a send now or a send again racing a voucher send job or the automations for the last text of the month", () => {
  it.each(cases)("%s first, then the %s: 2 texts in the month, no hold left", async (sender, other) => {
    const now = noonToday();
    const s = await setup(sender, other, 1, now);
    const res = await senderFirst(sender, other, s, now);
    expect(res.status).toBe(200);
    expect(await textsThisMonth(s.c.id, now)).toBe(2);
    expect(await holdsOf(s.c.id)).toBe(0);
  });

  it.each(cases)("the %s comes while the %s has counted and not recorded yet: refused, 2 texts in the month", async (sender, other) => {
    const now = noonToday();
    const s = await setup(sender, other, 1, now);
    const res = await otherFirst(sender, other, s, now);
    expect(res.status).toBe(409);
    // The weekly voucher rule refuses a send now after a job's voucher; otherwise the SMS limit does.
    if (!(sender === "send now" && other === "job")) expect(res.json.message).toMatch(/^SMS marketing is limited to 2 messages per customer per month/);
    expect(await textsThisMonth(s.c.id, now)).toBe(2);
    expect(await holdsOf(s.c.id)).toBe(0);
  });

  it("any starting count, sender, other and order: never more than 2 texts, and the last text is never refused to both", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Sender>("send now", "send again"),
        fc.constantFrom<Other>("job", "automations"),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 }),
        async (sender, other, senderLeads, texts) => {
          const now = noonToday();
          const s = await setup(sender, other, texts, now);
          const res = await (senderLeads ? senderFirst : otherFirst)(sender, other, s, now);
          const after = await textsThisMonth(s.c.id, now);
          expect(after).toBeLessThanOrEqual(2);
          // Room for a text: someone takes it (the weekly voucher rule may stop a second voucher).
          if (texts < 2) expect(after).toBeGreaterThan(texts);
          if (texts === 2) expect(res.status).toBe(409);
          expect(await holdsOf(s.c.id)).toBe(0);
          mockPause.sms = undefined;
          mockPause.count = undefined;
          await db.automation.updateMany({ where: { businessId: s.biz.businessId }, data: { enabled: false } });
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe("a send now that dies between its decision and its text", () => {
  it("holds the customer's last text until the hold runs out, then the automations may send it", async () => {
    const now = noonToday();
    const s = await setup("send now", "automations", 1, now);
    mockPause.crashNextVoucherSms = true;
    expect((await send("send now", s, now)).status).toBe(500);
    expect(await textsThisMonth(s.c.id, now)).toBe(1);
    expect((await marketingSmsThisMonth([s.c.id], now)).get(s.c.id)).toBe(2); // the sent one and the decided one

    const soon = new Date(now.getTime() + MARKETING_SMS_HOLD_MS - 60_000);
    await runAutomations(soon);
    expect(await db.automationSend.count({ where: { customerId: s.c.id } })).toBe(0); // SMS closed by the limit: no channel
    expect(await textsThisMonth(s.c.id, now)).toBe(1);

    const later = new Date(now.getTime() + MARKETING_SMS_HOLD_MS + 60_000);
    expect((await marketingSmsThisMonth([s.c.id], later)).get(s.c.id)).toBe(1);
    await runAutomations(later);
    expect(await db.automationSend.findFirstOrThrow({ where: { customerId: s.c.id } })).toMatchObject({ status: "sent", sentBySms: true });
    expect(await textsThisMonth(s.c.id, now)).toBe(2);
  });

  it("a send again that dies keeps its hold until it runs out; the next one after it sends and leaves no hold", async () => {
    const now = noonToday();
    const s = await setup("send again", "job", 1, now);
    mockPause.crashNextVoucherSms = true;
    expect((await send("send again", s, now)).status).toBe(500);
    expect(await holdsOf(s.c.id)).toBe(1); // died: the hold stays until it runs out
    expect((await send("send again", s, now)).status).toBe(409);
    expect((await send("send again", s, new Date(now.getTime() + MARKETING_SMS_HOLD_MS + 60_000))).status).toBe(200);
    expect(await holdsOf(s.c.id)).toBe(0); // sent: released; the expired one removed when it was taken
    expect(await textsThisMonth(s.c.id, now)).toBe(2);
  });
});
