import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { mapLimited } from "@/lib/map-limited";
import { isEmailSimulated } from "@/lib/email/send-email";
import { isSmsSimulated } from "@/lib/sms/send-sms";
import { fillRendered, renderEmail } from "@/lib/email/render-email";
import { insertSimulatedMessages, type SimulatedMessage } from "@/lib/email/simulated-outbox";
import { SMS_MARKETING_MONTHLY_LIMIT, missingConsents, voucherBlockReason } from "@/lib/rules/vouchers";
import { hadVoucherThisWeek, holdingLiveCode, lockRecipients, marketingSmsThisMonth } from "@/lib/vouchers/check-recipients";
import { renderVoucherEmail, renderVoucherSms, type VoucherContent } from "@/lib/vouchers/render-voucher-message";
import { sendVoucherEmail, sendVoucherSms } from "@/lib/vouchers/distribute-vouchers";
import { emitVouchersSent } from "@/lib/outgoing-webhooks/emit-webhook-events";

// Issue 23: the workers of a voucher send job (created by lib/vouchers/create-voucher-send-job.ts).
// Any instance may work on any job at the same time as others; nothing is kept in memory:
// 1. claim: a batch of the job's open recipient rows is taken for VOUCHER_JOB_CLAIM_MS (one
//    UPDATE over SELECT ... FOR UPDATE SKIP LOCKED, so two workers never take the same row); a
//    claim that runs out (the worker died) is taken again by the next worker, at most
//    VOUCHER_JOB_MAX_ATTEMPTS times, then the row is recorded as failed;
// 2. create: in one transaction, under the customers' row locks (as a send now takes them), each
//    pending row's rules are checked again (closed, parked, snoozed, asleep, consent per chosen
//    channel, one voucher a week, one live voucher per code, at most 2 marketing texts a month),
//    the voucher rows are written and each recipient row becomes 'created' or 'skipped' (with the
//    rule's reason): a row leaves 'pending' once, so a customer gets at most one voucher per job;
// 3. send: each 'created' row is sent and becomes 'sent' (or 'failed' when every channel failed).
//    While both channels are simulated the outbox rows are written in the transaction that marks
//    the rows sent (exactly once); with real providers each message is sent and then marked, the
//    email with Resend's idempotency key (voucher-<id>), so a worker that dies between the two
//    leaves the row 'created' and the next one re-sends the email harmlessly (an SMS may go twice
//    in that window: Twilio has no idempotency key).
// The job's counters move in the same transactions as its rows, so progress is always exact.

export const VOUCHER_JOB_BATCH = 500;
export const VOUCHER_JOB_CLAIM_MS = 5 * 60_000;
export const VOUCHER_JOB_MAX_ATTEMPTS = 3;
/** A worker stops taking batches after this long (a request's after() or one cron run); the rest waits for the next. */
export const VOUCHER_JOB_BUDGET_MS = 45_000;
const SEND_CONCURRENCY = 5;
/** A batch's transactions wait for a connection (or, on the embedded database, for the one session)
 *  longer than Prisma's 2 s default: another worker's batch may hold it that long. */
const TX_OPTIONS = { timeout: 60_000, maxWait: 30_000 };

export type WorkerOptions = { worker?: string; batchSize?: number; now?: () => Date; budgetMs?: number };
export type WorkerTotals = { batches: number; created: number; sent: number; skipped: number; failed: number };

type Job = { id: number; businessId: number; businessName: string; batchId: string; sendEmail: boolean; sendSms: boolean; content: VoucherContent };

async function loadJob(id: number): Promise<Job | null> {
  const j = await db.voucherSendJob.findUnique({ where: { id } });
  if (!j || (j.status !== "queued" && j.status !== "running")) return null;
  const business = await db.business.findUniqueOrThrow({ where: { id: j.businessId }, select: { name: true } });
  const content: VoucherContent = {
    title: j.title,
    description: j.description,
    promoCode: j.promoCode,
    discountType: j.discountType,
    discountValue: Number(j.discountValue),
    minSpendPence: j.minSpendPence,
    maxDiscountPence: j.maxDiscountPence,
    expiresAt: j.expiresAt,
  };
  return { id: j.id, businessId: j.businessId, businessName: business.name, batchId: j.batchId, sendEmail: j.sendEmail, sendSms: j.sendSms, content };
}

/** Rows claimed VOUCHER_JOB_MAX_ATTEMPTS times and still open (each claim ran out or was handed back) are given up as failed. */
async function giveUpStuckRows(jobId: number, now: Date) {
  await db.$executeRaw`
    WITH gone AS (
      UPDATE voucher_send_job_recipients SET status = 'failed', reason = 'not sent after ' || attempts || ' tries', "claimedUntil" = NULL
      WHERE "jobId" = ${jobId} AND status IN ('pending', 'created') AND attempts >= ${VOUCHER_JOB_MAX_ATTEMPTS}
        AND ("claimedUntil" IS NULL OR "claimedUntil" < ${now})
      RETURNING 1)
    UPDATE voucher_send_jobs SET failed = failed + (SELECT count(*) FROM gone)::int WHERE id = ${jobId} AND EXISTS (SELECT 1 FROM gone)`;
}

/** Step 1: takes up to `size` open rows of the job for this worker; answers their customer ids. */
export async function claimVoucherJobBatch(jobId: number, worker: string, now: Date, size = VOUCHER_JOB_BATCH): Promise<number[]> {
  const until = new Date(now.getTime() + VOUCHER_JOB_CLAIM_MS);
  const rows = await db.$queryRaw<{ customerId: number }[]>`
    WITH picked AS (
      SELECT "jobId", "customerId" FROM voucher_send_job_recipients
      WHERE "jobId" = ${jobId} AND status IN ('pending', 'created') AND attempts < ${VOUCHER_JOB_MAX_ATTEMPTS}
        AND ("claimedUntil" IS NULL OR "claimedUntil" < ${now})
      ORDER BY "customerId" LIMIT ${size}
      FOR UPDATE SKIP LOCKED)
    UPDATE voucher_send_job_recipients r SET "claimedBy" = ${worker}, "claimedUntil" = ${until}, attempts = r.attempts + 1
    FROM picked WHERE r."jobId" = picked."jobId" AND r."customerId" = picked."customerId"
    RETURNING r."customerId"`;
  if (rows.length) {
    await db.$executeRaw`
      UPDATE voucher_send_jobs SET status = 'running', "startedAt" = COALESCE("startedAt", ${now}), "leaseUntil" = GREATEST(COALESCE("leaseUntil", ${until}), ${until})
      WHERE id = ${jobId} AND status IN ('queued', 'running')`;
  }
  return rows.map((r) => r.customerId);
}

/** Why a customer gets no voucher now, or null. */
function skipReason(
  c: Parameters<typeof voucherBlockReason>[0] | undefined,
  job: Job,
  rules: { recent: boolean; codeTaken: boolean; textsThisMonth: number },
): string | null {
  if (!c) return "customer not found";
  const blocked = voucherBlockReason(c);
  if (blocked) return blocked;
  const missing = missingConsents(c, job);
  if (missing.length) return `no ${missing.map((m) => (m === "sms" ? "SMS" : m)).join(" or ")} consent`;
  if (rules.recent) return "had a voucher in the last 7 days";
  if (rules.codeTaken) return `already holds a live ${job.content.promoCode} voucher`;
  if (job.sendSms && rules.textsThisMonth >= SMS_MARKETING_MONTHLY_LIMIT) return `had ${SMS_MARKETING_MONTHLY_LIMIT} marketing texts this month`;
  return null;
}

/** Step 2: the claimed rows still pending get their voucher (or are skipped with a reason). */
async function createVouchersForBatch(job: Job, worker: string, ids: number[], now: Date): Promise<{ created: number; skipped: number }> {
  return db.$transaction(
    async (tx) => {
      const pending = await tx.$queryRaw<{ customerId: number }[]>`
        SELECT "customerId" FROM voucher_send_job_recipients
        WHERE "jobId" = ${job.id} AND "claimedBy" = ${worker} AND status = 'pending' AND "customerId" = ANY(${ids}::int[])
        ORDER BY "customerId" FOR UPDATE`;
      const pids = pending.map((r) => r.customerId);
      if (pids.length === 0) return { created: 0, skipped: 0 };
      await lockRecipients(tx, job.businessId, pids);
      const customers = await tx.customer.findMany({
        where: { businessId: job.businessId, id: { in: pids } },
        select: { id: true, accountStatus: true, sleepStatus: true, parkedAt: true, marketingConsentEmail: true, marketingConsentSms: true },
      });
      const byId = new Map(customers.map((c) => [c.id, c]));
      const recent = await hadVoucherThisWeek(tx, job.businessId, pids, now);
      const taken = await holdingLiveCode(tx, job.businessId, pids, job.content.promoCode, now);
      const texts = job.sendSms ? await marketingSmsThisMonth(pids, now, tx) : new Map<number, number>();
      const reasons = pids.map((id) => skipReason(byId.get(id), job, { recent: recent.has(id), codeTaken: taken.has(id), textsThisMonth: texts.get(id) ?? 0 }));
      const givenTo = pids.filter((_, i) => reasons[i] === null);
      const c = job.content;
      // One statement for the batch (Prisma's createManyAndReturn took over a second per 1,000 rows).
      const vouchers = await tx.$queryRaw<{ id: number; customerId: number }[]>`
        INSERT INTO vouchers ("businessId", "customerId", "batchId", "promoCode", title, description, "discountType", "discountValue", "minSpendPence", "maxDiscountPence", "expiresAt", "createdAt", "updatedAt")
        SELECT ${job.businessId}, u.cid, ${job.batchId}, ${c.promoCode}, ${c.title}, ${c.description}, ${c.discountType}, ${c.discountValue}::numeric(10, 2), ${c.minSpendPence}::int,
               ${c.maxDiscountPence}::int, ${c.expiresAt}::timestamp(3), ${now}::timestamp(3), ${now}::timestamp(3)
        FROM unnest(${givenTo}::int[]) AS u(cid)
        RETURNING id, "customerId"`;
      const voucherOf = new Map(vouchers.map((v) => [v.customerId, v.id]));
      await tx.$executeRaw`
        UPDATE voucher_send_job_recipients r SET status = u.status, "voucherId" = u.vid, reason = u.reason
        FROM unnest(${pids}::int[], ${reasons.map((r) => (r === null ? "created" : "skipped"))}::text[], ${pids.map((id) => voucherOf.get(id) ?? null)}::int[], ${reasons}::text[])
          AS u(cid, status, vid, reason)
        WHERE r."jobId" = ${job.id} AND r."customerId" = u.cid`;
      const skipped = pids.length - givenTo.length;
      if (skipped) await tx.$executeRaw`UPDATE voucher_send_jobs SET skipped = skipped + ${skipped} WHERE id = ${job.id}`;
      return { created: givenTo.length, skipped };
    },
    TX_OPTIONS,
  );
}

type Created = { customerId: number; voucherId: number; firstName: string; email: string; phone: string };

/** Step 3: the claimed rows that have their voucher are sent. */
async function sendBatch(job: Job, worker: string, ids: number[]): Promise<{ sent: number; failed: number }> {
  const rows = await db.$queryRaw<Created[]>`
    SELECT r."customerId", r."voucherId", c."firstName", c.email, c.phone
    FROM voucher_send_job_recipients r JOIN customers c ON c.id = r."customerId"
    WHERE r."jobId" = ${job.id} AND r."claimedBy" = ${worker} AND r.status = 'created' AND r."customerId" = ANY(${ids}::int[])
    ORDER BY r."customerId"`;
  if (rows.length === 0) return { sent: 0, failed: 0 };
  const result = isEmailSimulated() && isSmsSimulated() ? await recordSimulated(job, worker, rows) : await sendEach(job, worker, rows);
  if (result.voucherIds.length) emitVouchersSent(job.businessId, result.voucherIds); // webhooks (issue 27)
  return { sent: result.sent, failed: result.failed };
}

async function recordSimulated(job: Job, worker: string, rows: Created[]) {
  const rendered = job.sendEmail ? await renderEmail(renderVoucherEmail(job.content, job.businessName, "{firstName}")) : null;
  const text = renderVoucherSms(job.content, job.businessName);
  return db.$transaction(
    async (tx) => {
      const done = await tx.$queryRaw<{ customerId: number; voucherId: number }[]>`
        UPDATE voucher_send_job_recipients SET status = 'sent', "sentByEmail" = ${job.sendEmail}, "sentBySms" = ${job.sendSms}, "claimedUntil" = NULL
        WHERE "jobId" = ${job.id} AND "claimedBy" = ${worker} AND status = 'created' AND "customerId" = ANY(${rows.map((r) => r.customerId)}::int[])
        RETURNING "customerId", "voucherId"`;
      const doneIds = new Set(done.map((d) => d.customerId));
      const messages: SimulatedMessage[] = [];
      for (const r of rows) {
        if (!doneIds.has(r.customerId)) continue;
        if (rendered) messages.push({ customerId: r.customerId, channel: "email", recipient: r.email, ...fillRendered(rendered, { firstName: r.firstName }) });
        if (job.sendSms) messages.push({ customerId: r.customerId, channel: "sms", recipient: r.phone, subject: null, html: null, text });
      }
      await insertSimulatedMessages(tx, job.businessId, "voucher", messages);
      const voucherIds = done.map((d) => d.voucherId);
      await tx.voucher.updateMany({ where: { id: { in: voucherIds } }, data: { sentByEmail: job.sendEmail, sentBySms: job.sendSms } });
      await tx.$executeRaw`UPDATE voucher_send_jobs SET sent = sent + ${done.length} WHERE id = ${job.id}`;
      return { sent: done.length, failed: 0, voucherIds };
    },
    TX_OPTIONS,
  );
}

async function sendEach(job: Job, worker: string, rows: Created[]) {
  const outcomes = await mapLimited(rows, SEND_CONCURRENCY, async (r) => {
    const v = { ...job.content, id: r.voucherId, businessId: job.businessId, customer: { id: r.customerId, firstName: r.firstName, email: r.email, phone: r.phone } };
    const email = job.sendEmail ? await sendVoucherEmail(v, job.businessName, "new", `voucher-${r.voucherId}`) : null;
    const sms = job.sendSms ? await sendVoucherSms(v, job.businessName) : null;
    const byEmail = email?.status === "sent";
    const bySms = sms?.status === "sent";
    const ok = byEmail || bySms;
    const problems = [email && !byEmail && `email failed: ${email.error ?? "unknown error"}`, sms && !bySms && `SMS failed: ${sms.error ?? "unknown error"}`].filter(Boolean).join("; ");
    return db.$transaction(async (tx) => {
      const marked = await tx.$executeRaw`
        UPDATE voucher_send_job_recipients SET status = ${ok ? "sent" : "failed"}, "sentByEmail" = ${byEmail}, "sentBySms" = ${bySms}, reason = ${problems || null}, "claimedUntil" = NULL
        WHERE "jobId" = ${job.id} AND "customerId" = ${r.customerId} AND "claimedBy" = ${worker} AND status = 'created'`;
      if (marked === 0) return null; // taken over by another worker meanwhile: it counts the row
      if (ok) await tx.voucher.update({ where: { id: r.voucherId }, data: { sentByEmail: byEmail, sentBySms: bySms } });
      await tx.$executeRaw`UPDATE voucher_send_jobs SET sent = sent + ${ok ? 1 : 0}, failed = failed + ${ok ? 0 : 1} WHERE id = ${job.id}`;
      return ok;
    });
  });
  return {
    sent: outcomes.filter((o) => o === true).length,
    failed: outcomes.filter((o) => o === false).length,
    voucherIds: rows.filter((_, i) => outcomes[i] === true).map((r) => r.voucherId),
  };
}

async function releaseClaims(jobId: number, worker: string, error: string) {
  await db.$executeRaw`UPDATE voucher_send_job_recipients SET "claimedUntil" = NULL WHERE "jobId" = ${jobId} AND "claimedBy" = ${worker} AND status IN ('pending', 'created')`;
  await db.voucherSendJob.update({ where: { id: jobId }, data: { lastError: error } });
}

/** The job is done once no row is open. */
async function finishIfDone(jobId: number, now: Date) {
  await db.$executeRaw`
    UPDATE voucher_send_jobs SET status = 'done', "finishedAt" = ${now}, "leaseUntil" = NULL
    WHERE id = ${jobId} AND status IN ('queued', 'running')
      AND NOT EXISTS (SELECT 1 FROM voucher_send_job_recipients WHERE "jobId" = ${jobId} AND status IN ('pending', 'created'))`;
}

/** One worker on one job: batch after batch until nothing is left to claim or its time is up. */
export async function processVoucherSendJob(jobId: number, opts: WorkerOptions = {}): Promise<WorkerTotals> {
  const worker = opts.worker ?? randomUUID();
  const now = opts.now ?? (() => new Date());
  const budget = opts.budgetMs ?? VOUCHER_JOB_BUDGET_MS;
  const started = Date.now();
  const totals: WorkerTotals = { batches: 0, created: 0, sent: 0, skipped: 0, failed: 0 };
  const job = await loadJob(jobId);
  if (!job) return totals;
  while (Date.now() - started < budget) {
    await giveUpStuckRows(job.id, now());
    const ids = await claimVoucherJobBatch(job.id, worker, now(), opts.batchSize);
    if (ids.length === 0) break;
    try {
      const made = await createVouchersForBatch(job, worker, ids, now());
      const sent = await sendBatch(job, worker, ids);
      totals.batches++;
      totals.created += made.created;
      totals.skipped += made.skipped;
      totals.sent += sent.sent;
      totals.failed += sent.failed;
    } catch (e) {
      // The batch's open rows are handed back at once (their attempts counted), for another worker
      // or the next cron run; if even that fails, their claim runs out.
      log.error({ job: "voucher-sends", voucherSendJobId: job.id, err: e }, "voucher send batch failed");
      await releaseClaims(job.id, worker, (e instanceof Error ? e.message : String(e)).slice(0, 2000)).catch(() => undefined);
      break;
    }
  }
  await finishIfDone(job.id, now());
  return totals;
}

/** GET /api/cron/voucher-sends: every open job, oldest first, within one run's time. */
export async function runVoucherSendJobs(opts: WorkerOptions = {}): Promise<WorkerTotals & { jobs: number }> {
  const budget = opts.budgetMs ?? VOUCHER_JOB_BUDGET_MS;
  const started = Date.now();
  const open = await db.voucherSendJob.findMany({ where: { status: { in: ["queued", "running"] } }, select: { id: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 50 });
  const totals = { jobs: 0, batches: 0, created: 0, sent: 0, skipped: 0, failed: 0 };
  for (const { id } of open) {
    const left = budget - (Date.now() - started);
    if (left <= 0) break;
    const t = await processVoucherSendJob(id, { ...opts, budgetMs: left });
    totals.jobs++;
    totals.batches += t.batches;
    totals.created += t.created;
    totals.sent += t.sent;
    totals.skipped += t.skipped;
    totals.failed += t.failed;
  }
  return totals;
}
