import "server-only";
import { db, type Tx } from "@/lib/db";
import { badRequest, conflict } from "@/lib/errors/api-error";
import { activeVoucherWhere } from "@/lib/vouchers/usable-voucher";
import {
  MARKETING_SMS_PURPOSES,
  SMS_MARKETING_MONTHLY_LIMIT,
  VOUCHER_WEEK_MS,
  consentMismatchText,
  missingConsents,
  nameList,
  startOfUkMonth,
  voucherBlockReason,
  type Channels,
  type VoucherRecipient,
} from "@/lib/rules/vouchers";

// The server's checks before a voucher goes to a customer (spec 5.7, spec 3 section 9). Each
// refuses the whole request with a message naming who is affected.

export type Recipient = VoucherRecipient & { id: number; name: string };

/** Closed, archived, parked, asleep, scheduled for deletion and snoozed customers get no vouchers. */
export function assertCanReceiveVouchers(customers: Recipient[]) {
  const blocked = customers.map((c) => ({ c, reason: voucherBlockReason(c) })).filter((x) => x.reason !== null);
  if (blocked.length === 0) return;
  throw conflict(
    `vouchers cannot be sent to closed, parked, sleeping or snoozed customers: ${nameList(blocked.map((b) => `${b.c.name} (${b.reason})`))}`,
  );
}

/** Per channel: email needs email consent, SMS needs SMS consent (spec 5.7, "consent mismatch"). */
export function assertConsents(customers: Recipient[], channels: Channels) {
  const lacking = customers.filter((c) => missingConsents(c, channels).length > 0);
  if (lacking.length === 0) return;
  throw badRequest(`consent mismatch: ${consentMismatchText(lacking.length, channels)}`, { customerIds: lacking.map((c) => c.id) });
}

/** At most one voucher per customer per week (spec 5.7 and 9): refused if one was created in the last 7 days. */
export async function assertNoVoucherThisWeek(tx: Tx, businessId: number, customers: Recipient[], now: Date) {
  const ids = await hadVoucherThisWeek(tx, businessId, customers.map((c) => c.id), now);
  if (ids.size === 0) return;
  const names = customers.filter((c) => ids.has(c.id)).map((c) => c.name);
  throw conflict(
    `at most one voucher per customer per week: ${nameList(names)} ${names.length === 1 ? "has" : "have"} already received a voucher in the last 7 days`,
  );
}

/** Marketing texts (vouchers and automations, issue 25) this calendar month (UK time) per customer:
 *  the ones sent, and the ones already decided but not sent yet: a voucher send job's recipient row
 *  given its voucher for a job that texts ('created'), an automation's claim that wants a text
 *  while its lease runs, and a send now's or send again's hold while it runs (holdMarketingSms).
 *  A decision counts from the transaction that takes it, so two senders at once (any two of a job,
 *  the daily automations, a send now and a send again) cannot both see room for the same last
 *  text: each takes the customers' row locks (lockRecipients) before counting, in the transaction
 *  that records its decision. */
export async function marketingSmsThisMonth(customerIds: number[], now: Date, tx: Tx = db): Promise<Map<number, number>> {
  if (customerIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ customerId: number; n: number }[]>`
    SELECT cid AS "customerId", count(*)::int AS n FROM (
      SELECT m."customerId" AS cid FROM outbound_messages m
      WHERE m."customerId" = ANY(${customerIds}::int[]) AND m.channel = 'sms' AND m.status = 'sent'
        AND m."emailType" = ANY(${MARKETING_SMS_PURPOSES}::text[]) AND m."sentAt" >= ${startOfUkMonth(now)}
      UNION ALL
      SELECT r."customerId" FROM voucher_send_job_recipients r JOIN voucher_send_jobs j ON j.id = r."jobId"
      WHERE r."customerId" = ANY(${customerIds}::int[]) AND r.status = 'created' AND j."sendSms"
      UNION ALL
      SELECT s."customerId" FROM automation_sends s
      WHERE s."customerId" = ANY(${customerIds}::int[]) AND s.status = 'claimed' AND s."smsWanted" AND s."leaseUntil" > ${now}
      UNION ALL
      SELECT h."customerId" FROM marketing_sms_holds h
      WHERE h."customerId" = ANY(${customerIds}::int[]) AND h."holdUntil" > ${now}
    ) AS texts GROUP BY cid`;
  return new Map(rows.map((r) => [r.customerId, r.n]));
}

/** How long a send now's or send again's decided text counts before it is sent: far longer than a
 *  request takes (a send now texts its customers a few at a time), short enough that a request that
 *  died between deciding and sending blocks nobody for long. */
export const MARKETING_SMS_HOLD_MS = 15 * 60_000;

/** Records a send now's or send again's decision to text these customers (one hold per voucher
 *  texted), in the transaction that took their row locks and counted (assertSmsAllowance), so the
 *  next decider counts it. Answers each voucher's hold id; releaseMarketingSmsHold ends a hold once
 *  its text's outcome is in the outbox. Expired holds of these customers are removed on the way. */
export async function holdMarketingSms(tx: Tx, businessId: number, texts: { customerId: number; voucherId: number }[], now: Date): Promise<Map<number, bigint>> {
  if (texts.length === 0) return new Map();
  const customerIds = texts.map((t) => t.customerId);
  await tx.$executeRaw`DELETE FROM marketing_sms_holds WHERE "customerId" = ANY(${customerIds}::int[]) AND "holdUntil" <= ${now}`;
  const rows = await tx.$queryRaw<{ id: bigint; voucherId: number }[]>`
    INSERT INTO marketing_sms_holds ("businessId", "customerId", "voucherId", "createdAt", "holdUntil")
    SELECT ${businessId}, u.cid, u.vid, ${now}, ${new Date(now.getTime() + MARKETING_SMS_HOLD_MS)}
    FROM unnest(${customerIds}::int[], ${texts.map((t) => t.voucherId)}::int[]) AS u(cid, vid)
    RETURNING id, "voucherId"`;
  return new Map(rows.map((r) => [r.voucherId, r.id]));
}

/** The held text was sent (the outbox row now counts it) or failed (nothing to count): the hold ends. */
export async function releaseMarketingSmsHold(id: bigint) {
  await db.$executeRaw`DELETE FROM marketing_sms_holds WHERE id = ${id}`;
}

/** The recipients' rows, locked in id order for the rest of the transaction: the voucher rules (one a
 *  week, one live code) and the marketing-text count are checked under them by a send now, a send
 *  job's batch and the automations alike, so two deciders queue (never deadlock) and never both pass. */
export async function lockRecipients(tx: Tx, businessId: number, customerIds: number[]) {
  if (customerIds.length === 0) return;
  await tx.$queryRaw`SELECT id FROM customers WHERE "businessId" = ${businessId} AND id = ANY(${customerIds}::int[]) ORDER BY id FOR UPDATE`;
}

/** Spec 3 section 9: SMS marketing at most 2 per month per customer. */
export async function assertSmsAllowance(customers: Recipient[], now: Date, tx: Tx = db) {
  const counts = await marketingSmsThisMonth(
    customers.map((c) => c.id),
    now,
    tx,
  );
  const over = customers.filter((c) => (counts.get(c.id) ?? 0) >= SMS_MARKETING_MONTHLY_LIMIT);
  if (over.length === 0) return;
  throw conflict(
    `SMS marketing is limited to ${SMS_MARKETING_MONTHLY_LIMIT} messages per customer per month: ${nameList(over.map((c) => c.name))} ${over.length === 1 ? "has" : "have"} already had ${SMS_MARKETING_MONTHLY_LIMIT} this month. Send by email instead, or wait until next month.`,
  );
}

/** A customer holds at most one live voucher per code, so the till always finds exactly one. */
export async function assertCodeFree(tx: Tx, businessId: number, customers: Recipient[], promoCode: string, now: Date) {
  const ids = await holdingLiveCode(tx, businessId, customers.map((c) => c.id), promoCode, now);
  if (ids.size === 0) return;
  const names = customers.filter((c) => ids.has(c.id)).map((c) => c.name);
  throw conflict(`${nameList(names)} already ${names.length === 1 ? "has" : "have"} an active voucher with the code ${promoCode}`);
}

// The same two rules as sets, for the voucher send job (lib/vouchers/process-voucher-send-jobs.ts),
// which skips the customers a rule refuses instead of refusing the whole send.

/** The customers among customerIds who were given a voucher in the 7 days before now. */
export async function hadVoucherThisWeek(tx: Tx, businessId: number, customerIds: number[], now: Date): Promise<Set<number>> {
  const since = new Date(now.getTime() - VOUCHER_WEEK_MS);
  const recent = await tx.voucher.findMany({
    where: { businessId, customerId: { in: customerIds }, createdAt: { gt: since } },
    select: { customerId: true },
    distinct: ["customerId"],
  });
  return new Set(recent.map((r) => r.customerId));
}

/** The customers among customerIds who hold a live voucher with this code. */
export async function holdingLiveCode(tx: Tx, businessId: number, customerIds: number[], promoCode: string, now: Date): Promise<Set<number>> {
  const taken = await tx.voucher.findMany({
    where: { businessId, promoCode, customerId: { in: customerIds }, ...activeVoucherWhere(now) },
    select: { customerId: true },
  });
  return new Set(taken.map((t) => t.customerId));
}
