/** @jest-environment node */
import { GET as listJobs, POST as createJob } from "@/app/api/vouchers/jobs/route";
import { GET as getJob } from "@/app/api/vouchers/jobs/[id]/route";
import { GET as voucherSendsCron } from "@/app/api/cron/voucher-sends/route";
import { db } from "@/lib/db";
import { flushBackgroundWork } from "@/lib/after-response";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { createVoucherJobSchema, CHANNEL_MESSAGE, SELECT_CUSTOMER_MESSAGE } from "@/lib/validation/vouchers";
import { createVoucherSendJob, NO_RECIPIENTS_MESSAGE } from "@/lib/vouchers/create-voucher-send-job";
import { claimVoucherJobBatch, processVoucherSendJob, VOUCHER_JOB_CLAIM_MS } from "@/lib/vouchers/process-voucher-send-jobs";
import type { VoucherSendJobDto } from "@/lib/vouchers/voucher-send-job-dto";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { insertCustomer, voucherPayload } from "./vouchers-fixtures";

// Issue 23: a voucher to a whole customer list as a background job. The job's recipients are
// resolved on the server; workers on any instance take batches under claims that run out, so each
// recipient gets the voucher once, a crashed worker's batch is taken over, and the progress the
// hub polls is exact.

type Biz = Awaited<ReturnType<typeof createBusinessSession>>;

async function principal(biz: Biz): Promise<BusinessPrincipal> {
  const b = await db.business.findUniqueOrThrow({ where: { id: biz.businessId } });
  return {
    kind: "business",
    sessionId: "test",
    businessId: b.id,
    business: { id: b.id, name: b.name, email: b.email, ownerFirstName: b.ownerFirstName, ownerLastName: b.ownerLastName, accountStatus: b.accountStatus, subscriptionStatus: b.subscriptionStatus, isFounderMember: b.isFounderMember },
    adminMode: false,
    actor: { type: "owner", id: b.id, name: b.ownerFirstName },
    maintenance: false,
  };
}

/** A job created without its after-response start, for the tests that drive the workers themselves. */
async function queuedJob(biz: Biz, body: Record<string, unknown>, now = new Date()) {
  return createVoucherSendJob(await principal(biz), createVoucherJobSchema.parse(jobPayload(body)), now, { start: false });
}

const jobPayload = (overrides: Record<string, unknown>) => {
  const { customerIds: _ids, ...voucher } = voucherPayload([]);
  return { ...voucher, ...overrides };
};

/** n customers straight into the table (one statement), SMS and email consent as given. */
async function bulkCustomers(businessId: number, n: number, opts: { tag: string; sms: boolean; email: boolean; accountStatus?: string }) {
  await db.$executeRawUnsafe(
    `INSERT INTO customers ("businessId", "firstName", "lastName", name, email, phone, "membershipNumber", "marketingConsentEmail", "marketingConsentSms", "accountStatus", "createdAt", "updatedAt")
     SELECT $1::int, 'Bulk', $2 || i, 'Bulk ' || $2 || i, $2 || i || '-' || $1::int || '@example.com', '+447' || lpad((i + $3::int)::text, 9, '0'),
            lpad((8000000000 + $1::int * 30000 + $3::int + i)::text, 10, '0'), $4::boolean, $5::boolean, $6, now(), now()
     FROM generate_series(1, $7::int) AS i`,
    businessId,
    opts.tag,
    opts.tag === "s" ? 0 : opts.tag === "n" ? 25_000 : 27_000,
    opts.email,
    opts.sms,
    opts.accountStatus ?? "active",
    n,
  );
}

const progress = (cookie: string, id: number) => call<VoucherSendJobDto>(getJob, { path: `/api/vouchers/jobs/${id}`, cookie, params: { id: String(id) } });

describe("voucher send jobs (issue 23)", () => {
  it("sends to 20,000 customers in batches with two workers at once: each recipient exactly once, the progress exact", async () => {
    const biz = await createBusinessSession();
    await bulkCustomers(biz.businessId, 20_000, { tag: "s", sms: true, email: false });
    await bulkCustomers(biz.businessId, 30, { tag: "n", sms: false, email: true }); // no SMS consent: not eligible
    await bulkCustomers(biz.businessId, 20, { tag: "c", sms: true, email: false, accountStatus: "closed" }); // closed: not eligible

    let started = performance.now();
    const job = await queuedJob(biz, { sendEmail: false, sendSms: true, allEligible: true });
    const createMs = performance.now() - started;
    expect(job).toMatchObject({ status: "queued", total: 20_000, sent: 0, processed: 0 });
    expect((await progress(biz.cookie, job.id)).json).toMatchObject({ status: "queued", total: 20_000, processed: 0 });

    started = performance.now();
    const [a, b] = await Promise.all([
      processVoucherSendJob(job.id, { worker: "worker-a", batchSize: 1000, budgetMs: 600_000 }),
      processVoucherSendJob(job.id, { worker: "worker-b", batchSize: 1000, budgetMs: 600_000 }),
    ]);
    const workMs = performance.now() - started;
    process.stderr.write(`[voucher-send-jobs] 20,000 recipients: job created in ${Math.round(createMs)} ms, sent in ${Math.round(workMs)} ms (worker a ${a.batches} batches, worker b ${b.batches})\n`);
    expect(a.sent + b.sent).toBe(20_000);
    expect(a.batches + b.batches).toBeGreaterThanOrEqual(20); // 20 batches of 1,000 (more only if a batch was handed back)
    expect(a.batches).toBeGreaterThan(0);
    expect(b.batches).toBeGreaterThan(0);

    const vouchers = await db.voucher.groupBy({ by: ["customerId"], where: { batchId: job.batchId }, _count: { _all: true } });
    expect(vouchers).toHaveLength(20_000);
    expect(vouchers.every((v) => v._count._all === 1)).toBe(true);
    const texts = await db.outboundMessage.groupBy({ by: ["customerId"], where: { businessId: biz.businessId, emailType: "voucher", channel: "sms" }, _count: { _all: true } });
    expect(texts).toHaveLength(20_000);
    expect(texts.every((t) => t._count._all === 1)).toBe(true);
    expect(await db.outboundMessage.count({ where: { businessId: biz.businessId, channel: "email" } })).toBe(0);
    expect(await db.voucher.count({ where: { batchId: job.batchId, sentBySms: true } })).toBe(20_000);

    const done = await progress(biz.cookie, job.id);
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ status: "done", total: 20_000, sent: 20_000, skipped: 0, failed: 0, processed: 20_000 });
    expect(done.json.finishedAt).not.toBeNull();
    // A later worker finds nothing to do and changes nothing.
    expect(await processVoucherSendJob(job.id, { worker: "worker-c" })).toMatchObject({ batches: 0, sent: 0 });
  }, 300_000);

  it("a crashed worker's claim runs out and another worker sends its batch, once", async () => {
    const biz = await createBusinessSession();
    const customers = [];
    for (let i = 0; i < 12; i++) customers.push(await insertCustomer(biz.businessId, { marketingConsentEmail: true }));
    const now = new Date();
    const job = await queuedJob(biz, { allEligible: true }, now);
    expect(job.total).toBe(12);

    // Worker "dead" claims 5 rows and never comes back.
    expect(await claimVoucherJobBatch(job.id, "dead", now, 5)).toHaveLength(5);
    const first = await processVoucherSendJob(job.id, { worker: "alive", batchSize: 4, now: () => now });
    expect(first).toMatchObject({ batches: 2, sent: 7 });
    const midway = await progress(biz.cookie, job.id);
    expect(midway.json).toMatchObject({ status: "running", total: 12, sent: 7, processed: 7 });

    // Before the claim runs out nobody else may take those rows; after, the next worker does.
    const early = new Date(now.getTime() + VOUCHER_JOB_CLAIM_MS - 1000);
    expect(await processVoucherSendJob(job.id, { worker: "early", now: () => early })).toMatchObject({ batches: 0 });
    const later = new Date(now.getTime() + VOUCHER_JOB_CLAIM_MS + 1000);
    expect(await processVoucherSendJob(job.id, { worker: "resumer", now: () => later })).toMatchObject({ batches: 1, sent: 5 });

    expect((await progress(biz.cookie, job.id)).json).toMatchObject({ status: "done", total: 12, sent: 12, processed: 12 });
    const mails = await db.outboundMessage.findMany({ where: { businessId: biz.businessId, emailType: "voucher" }, select: { customerId: true, subject: true, html: true } });
    expect(mails.map((m) => m.customerId).sort()).toEqual(customers.map((c) => c.id).sort());
    // One rendering for the batch, each email with its own customer's first name.
    const byId = new Map(customers.map((c) => [c.id, c]));
    for (const m of mails) {
      expect(m.html).toContain(`Hi ${byId.get(m.customerId!)!.firstName},`);
      expect(m.subject).toContain(biz.businessName);
    }
    // The vouchers carry the job's voucher as written.
    const stored = await db.voucherSendJob.findUniqueOrThrow({ where: { id: job.id } });
    const voucher = await db.voucher.findFirstOrThrow({ where: { batchId: job.batchId } });
    expect(voucher).toMatchObject({ title: stored.title, promoCode: stored.promoCode, discountType: "percentage", expiresAt: stored.expiresAt, status: "active", sentByEmail: true, sentBySms: false });
    expect(Number(voucher.discountValue)).toBe(10);
    const taken = await db.voucherSendJobRecipient.findMany({ where: { jobId: job.id, claimedBy: "resumer" } });
    expect(taken).toHaveLength(5);
    expect(taken.every((r) => r.attempts === 2 && r.status === "sent")).toBe(true);
  });

  it("a batch that fails hands its rows back at once; a row that failed 3 times is given up as failed", async () => {
    const biz = await createBusinessSession();
    for (let i = 0; i < 3; i++) await insertCustomer(biz.businessId, { marketingConsentEmail: true });
    const job = await queuedJob(biz, { allEligible: true });
    const spy = jest.spyOn(db, "$transaction").mockRejectedValueOnce(new Error("connection lost"));
    try {
      expect(await processVoucherSendJob(job.id, { worker: "unlucky" })).toMatchObject({ batches: 0, sent: 0 });
    } finally {
      spy.mockRestore();
    }
    const rows = await db.voucherSendJobRecipient.findMany({ where: { jobId: job.id }, orderBy: { customerId: "asc" } });
    expect(rows.every((r) => r.status === "pending" && r.claimedUntil === null && r.attempts === 1)).toBe(true);
    expect(await db.voucherSendJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "running", lastError: "connection lost" });

    // One row has been handed back twice more meanwhile: it is given up, the others are sent.
    await db.voucherSendJobRecipient.update({ where: { jobId_customerId: { jobId: job.id, customerId: rows[0].customerId } }, data: { attempts: 3 } });
    expect(await processVoucherSendJob(job.id, { worker: "next" })).toMatchObject({ batches: 1, sent: 2 });
    expect((await progress(biz.cookie, job.id)).json).toMatchObject({ status: "done", total: 3, sent: 2, failed: 1, processed: 3 });
    const given = await db.voucherSendJobRecipient.findUniqueOrThrow({ where: { jobId_customerId: { jobId: job.id, customerId: rows[0].customerId } } });
    expect(given).toMatchObject({ status: "failed", reason: "not sent after 3 tries" });
  });

  it("POST /api/vouchers/jobs answers 202 and sends at once after the response; each rule is checked when the customer's turn comes", async () => {
    const biz = await createBusinessSession();
    const ok = await insertCustomer(biz.businessId, { marketingConsentEmail: true, marketingConsentSms: true });
    const closed = await insertCustomer(biz.businessId, { marketingConsentEmail: true, marketingConsentSms: true, accountStatus: "closed" });
    const noSms = await insertCustomer(biz.businessId, { marketingConsentEmail: true, marketingConsentSms: false });
    const recent = await insertCustomer(biz.businessId, { marketingConsentEmail: true, marketingConsentSms: true });
    const texted = await insertCustomer(biz.businessId, { marketingConsentEmail: true, marketingConsentSms: true });
    await db.voucher.create({ data: { businessId: biz.businessId, customerId: recent.id, batchId: "earlier", promoCode: "EARLIER", title: "Earlier", discountType: "percentage", discountValue: 5, createdAt: new Date(Date.now() - 2 * 86_400_000) } });
    for (let i = 0; i < 2; i++) {
      await db.outboundMessage.create({ data: { businessId: biz.businessId, customerId: texted.id, channel: "sms", recipient: texted.phone, emailType: "automation", text: "hi", provider: "simulated", simulated: true, status: "sent" } });
    }
    const picked = [ok.id, closed.id, noSms.id, recent.id, texted.id];
    const res = await call<VoucherSendJobDto>(createJob, { method: "POST", path: "/api/vouchers/jobs", cookie: biz.cookie, body: jobPayload({ customerIds: picked, sendEmail: true, sendSms: true }) });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ total: 5, status: "queued" });
    await flushBackgroundWork();

    expect((await progress(biz.cookie, res.json.id)).json).toMatchObject({ status: "done", total: 5, sent: 1, skipped: 4, failed: 0, processed: 5 });
    const rows = await db.voucherSendJobRecipient.findMany({ where: { jobId: res.json.id } });
    const reason = (id: number) => rows.find((r) => r.customerId === id)?.reason;
    expect(rows.find((r) => r.customerId === ok.id)).toMatchObject({ status: "sent", sentByEmail: true, sentBySms: true });
    expect(reason(closed.id)).toBe("closed");
    expect(reason(noSms.id)).toBe("no SMS consent");
    expect(reason(recent.id)).toBe("had a voucher in the last 7 days");
    expect(reason(texted.id)).toBe("had 2 marketing texts this month");
    expect(await db.voucher.count({ where: { batchId: res.json.batchId } })).toBe(1);
    const activity = await db.activityLog.findFirst({ where: { businessId: biz.businessId, action: "voucher_batch_created" } });
    expect(activity?.description).toContain("to 5 customers by email and SMS");

    // The hub's list: this business's jobs only.
    const mine = await call<VoucherSendJobDto[]>(listJobs, { path: "/api/vouchers/jobs", cookie: biz.cookie });
    expect(mine.json.map((j) => j.id)).toEqual([res.json.id]);
  });

  it("'all eligible' is resolved on the server: the search narrows it, unticked customers are left out; the cron carries a queued job on", async () => {
    const biz = await createBusinessSession();
    const inSearch = [];
    for (let i = 0; i < 4; i++) inSearch.push(await insertCustomer(biz.businessId, { name: `Zelda Quill${i}`, marketingConsentEmail: true }));
    await insertCustomer(biz.businessId, { name: "Other Person", marketingConsentEmail: true });
    await insertCustomer(biz.businessId, { name: "Zelda Noconsent", marketingConsentEmail: false });
    const job = await queuedJob(biz, { allEligible: true, q: "quill", exceptCustomerIds: [inSearch[0].id] });
    expect(job.total).toBe(3);

    const run = await call<{ job: string; ran: boolean; result: { sent: number } }>(voucherSendsCron, { path: "/api/cron/voucher-sends" });
    expect(run.status).toBe(200);
    expect(run.json).toMatchObject({ job: "voucher-sends", ran: true });
    expect((await progress(biz.cookie, job.id)).json).toMatchObject({ status: "done", sent: 3 });
    const given = await db.voucher.findMany({ where: { batchId: job.batchId }, select: { customerId: true } });
    expect(given.map((v) => v.customerId).sort()).toEqual(inSearch.slice(1).map((c) => c.id).sort());
  });

  it("bad input is a 400 with a clear message; another business's job or customer is a 404", async () => {
    const biz = await createBusinessSession();
    const other = await createBusinessSession();
    const theirs = await insertCustomer(other.businessId, { marketingConsentEmail: true });
    const post = (body: unknown, cookie = biz.cookie) => call<{ error: string; message?: string }>(createJob, { method: "POST", path: "/api/vouchers/jobs", cookie, body });
    const text = async (body: unknown) => (await post(body)).text;

    expect((await post(jobPayload({}))).status).toBe(400);
    expect(await text(jobPayload({}))).toContain(SELECT_CUSTOMER_MESSAGE);
    expect(await text(jobPayload({ allEligible: true, sendEmail: false, sendSms: false }))).toContain(CHANNEL_MESSAGE);
    expect(await text(jobPayload({ customerIds: ["x"] }))).toContain("customerIds must be numbers");
    expect(await text(jobPayload({ allEligible: true, exceptCustomerIds: "all" }))).toContain("exceptCustomerIds must be a list of customer ids");
    expect(await text(jobPayload({ allEligible: "yes" }))).toContain("Expected true or false");
    const none = await post(jobPayload({ allEligible: true }));
    expect(none.status).toBe(400);
    expect(none.text).toContain(NO_RECIPIENTS_MESSAGE);
    expect((await post(jobPayload({ customerIds: [theirs.id] }))).status).toBe(404);
    expect(await db.voucherSendJob.count({ where: { businessId: biz.businessId } })).toBe(0);

    const job = await queuedJob(other, { customerIds: [theirs.id] });
    const stranger = await progress(biz.cookie, job.id);
    expect(stranger.status).toBe(404);
    expect(stranger.text).not.toContain(job.title);
    expect((await call(listJobs, { path: "/api/vouchers/jobs", cookie: biz.cookie })).json).toEqual([]);
    expect((await call(getJob, { path: "/api/vouchers/jobs/abc", cookie: biz.cookie, params: { id: "abc" } })).status).toBe(400);
    expect((await call(getJob, { path: `/api/vouchers/jobs/${job.id}`, params: { id: String(job.id) } })).status).toBe(401);
  });
});
