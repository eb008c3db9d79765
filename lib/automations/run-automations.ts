import "server-only";
import { randomUUID } from "node:crypto";
import { db, type Tx } from "@/lib/db";
import { log } from "@/lib/log";
import { SYSTEM_ACTOR } from "@/lib/activity/actor";
import { applyPoints } from "@/lib/ledger/apply-points";
import { checkTiersAfterCredit } from "@/lib/tiers/reward-after-purchase";
import { notifyPassChange } from "@/lib/wallet/push/notify-pass-change";
import { lockRecipients, marketingSmsThisMonth } from "@/lib/vouchers/check-recipients";
import { SMS_MARKETING_MONTHLY_LIMIT, endOfUkDay, ukDateOf } from "@/lib/rules/vouchers";
import { monthsBefore, ASLEEP_AFTER_MONTHS } from "@/lib/rules/sleep-status";
import { addDays } from "@/lib/clock";
import { isSmsQuietTime, rewardText, type AutomationSettings } from "@/lib/automations/automation-rules";
import { deliverAutomationMessages, type Recipient } from "@/lib/automations/deliver-automation-message";

// Issue 25: the daily automation run (GET /api/cron/automations, under the cron lease). For each
// enabled automation one set-based SELECT finds the customers whose occasion has come and who have
// not had it yet; the claim (automation, customer, occasion) is inserted under a unique key before
// anything is sent, so a second instance or a rerun never sends twice. A claim is a lease: a
// message claimed but never sent (the process died between claim and send) is still 'claimed'
// after CLAIM_LEASE_MS and the next run claims it again, at most MAX_CLAIMS times; taking the lease
// over is one guarded UPDATE, so two instances never both take it. Birthday rewards go through the
// ledger in the same transaction as their first claim (a re-claim sends the message, never the
// reward again). Never to closed, snoozed,
// asleep or parked customers; email needs email consent, SMS needs SMS consent, no SMS from 21:00
// to 08:00 UK time, and SMS counts towards the shared marketing limit (2 per customer per month).

export type Candidate = Omit<Recipient, "reward"> & { occasion: string };

type AutomationRow = Omit<AutomationSettings, "enabled"> & { id: number; businessId: number; businessName: string };

const BIRTHDAY_CONCURRENCY = 4;
const STALE_CLAIM_DAYS = 7;
/** How long a claim belongs to the run that took it; the longest run (100,000 customers) takes under a minute. */
export const CLAIM_LEASE_MS = 15 * 60_000;
/** Claims per occasion before it is given up as failed. */
export const MAX_CLAIMS = 3;

export type RunTotals = { automations: number; claimed: number; emails: number; sms: number; rewards: number; failed: number };

export async function runAutomations(now: Date): Promise<RunTotals> {
  const automations = await db.$queryRaw<AutomationRow[]>`
    SELECT a.id, a."businessId", b.name AS "businessName", a.kind, a."sendEmail", a."sendSms", a.subject, a.body,
           a."daysBefore", a."rewardType", a."rewardPoints", a."voucherPercent", a."inactiveDays", a."pointsWithin"
    FROM automations a JOIN businesses b ON b.id = a."businessId"
    WHERE a.enabled AND b."accountStatus" = 'active'
    ORDER BY a."businessId", a.id`;
  const totals: RunTotals = { automations: automations.length, claimed: 0, emails: 0, sms: 0, rewards: 0, failed: 0 };
  for (const a of automations) {
    try {
      await giveUpStaleClaims(a.id, now);
      const t = await runOne(a, now);
      totals.claimed += t.claimed;
      totals.emails += t.emails;
      totals.sms += t.sms;
      totals.rewards += t.rewards;
      totals.failed += t.failed;
    } catch (e) {
      // One business's failure must not hold back the others; the job's log and result show it.
      totals.failed++;
      log.error({ job: "automations", automationId: a.id, businessId: a.businessId, err: e }, "automation failed");
    }
  }
  return totals;
}

/** The customers whose occasion for this automation has come and who have not had it. */
export async function findCandidates(a: AutomationRow, now: Date): Promise<Candidate[]> {
  const quiet = isSmsQuietTime(now);
  const today = ukDateOf(now);
  const wantSms = a.sendSms && !quiet;
  const lapsedBefore = addDays(now, -a.inactiveDays);
  const asleepAt = monthsBefore(now, ASLEEP_AFTER_MONTHS);
  return db.$queryRaw<Candidate[]>`
    WITH c AS (
      SELECT c.id, c."firstName", c.email, c.phone, c."totalPoints", c."minimumRedemption",
             c."marketingConsentEmail", c."marketingConsentSms",
             COALESCE(c."lastVisit", c."createdAt") AS ref,
             CASE WHEN c."dateOfBirth" IS NULL THEN NULL ELSE
               CASE WHEN (c."dateOfBirth" + make_interval(years => extract(year FROM ${today}::date)::int - extract(year FROM c."dateOfBirth")::int))::date >= ${today}::date
                    THEN (c."dateOfBirth" + make_interval(years => extract(year FROM ${today}::date)::int - extract(year FROM c."dateOfBirth")::int))::date
                    ELSE (c."dateOfBirth" + make_interval(years => extract(year FROM ${today}::date)::int + 1 - extract(year FROM c."dateOfBirth")::int))::date END
             END AS nb,
             COALESCE(ca."pointsRedeemed", 0) AS redeemed
      FROM customers c LEFT JOIN customer_activity ca ON ca."customerId" = c.id
      WHERE c."businessId" = ${a.businessId}
        AND c."accountStatus" = 'active' AND c."sleepStatus" IN ('active', 'awake') AND c."parkedAt" IS NULL
    ), o AS (
      SELECT c.*, CASE ${a.kind}
          WHEN 'birthday' THEN CASE WHEN c.nb IS NOT NULL AND c.nb - ${today}::date BETWEEN 0 AND ${a.daysBefore} THEN 'birthday:' || extract(year FROM c.nb)::int END
          WHEN 'win_back' THEN CASE WHEN c.ref <= ${lapsedBefore} AND c.ref > ${asleepAt} THEN 'win_back:' || to_char(c.ref, 'YYYY-MM-DD"T"HH24:MI:SS') END
          WHEN 'nearly_there' THEN CASE WHEN c."totalPoints" > 0 AND c."totalPoints" < c."minimumRedemption" AND c."totalPoints" >= c."minimumRedemption" - ${a.pointsWithin} THEN 'nearly_there:' || c.redeemed END
          WHEN 'reward_available' THEN CASE WHEN c."minimumRedemption" > 0 AND c."totalPoints" >= c."minimumRedemption" THEN 'reward_available:' || c.redeemed END
        END AS occasion
      FROM c
    )
    SELECT o.id AS "customerId", o."firstName", o.email, o.phone, o."totalPoints", o."minimumRedemption", o.occasion,
           o.ref AS "refDate", to_char(o.nb, 'YYYY-MM-DD') AS birthday,
           (${a.sendEmail} AND o."marketingConsentEmail" AND o.email <> '') AS "emailWanted",
           (${wantSms} AND o."marketingConsentSms" AND o.phone <> '') AS "smsWanted"
    FROM o
    WHERE o.occasion IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM automation_sends s WHERE s."automationId" = ${a.id} AND s."customerId" = o.id AND s.occasion = o.occasion
                        AND NOT (s.status = 'claimed' AND COALESCE(s."leaseUntil", '-infinity') < ${now} AND s.attempts < ${MAX_CLAIMS}))
    ORDER BY o.id`;
}

/** Claims whose lease ran out MAX_CLAIMS times, or long enough ago that the occasion has passed
 *  (a live occasion is claimed again by the next daily run), are recorded as failed. */
async function giveUpStaleClaims(automationId: number, now: Date) {
  await db.$executeRaw`
    UPDATE automation_sends SET status = 'failed', "leaseUntil" = NULL,
      note = CASE WHEN attempts >= ${MAX_CLAIMS} THEN 'not sent: claimed ' || attempts || ' times, each run stopped before sending'
                  ELSE 'not sent: the run stopped before sending and the occasion has passed' END
    WHERE "automationId" = ${automationId} AND status = 'claimed'
      AND COALESCE("leaseUntil", '-infinity') < ${now}
      AND (attempts >= ${MAX_CLAIMS} OR COALESCE("leaseUntil", '-infinity') < ${addDays(now, -STALE_CLAIM_DAYS)})`;
}

async function runOne(a: AutomationRow, now: Date) {
  const t = { claimed: 0, emails: 0, sms: 0, rewards: 0, failed: 0 };
  let candidates = await findCandidates(a, now);
  // Messages only go where a channel is open; the birthday reward is given either way (it is not
  // marketing), and a customer reached by no channel today is tried again on the next run. The
  // shared monthly SMS limit may close the SMS channel too: checked as each claim is written.
  if (a.kind !== "birthday") candidates = candidates.filter(hasChannel);
  if (candidates.length === 0) return t;

  const claimed = a.kind === "birthday" ? await claimBirthdays(a, candidates, now) : await claimAll(a, candidates, now);
  t.claimed = claimed.length;
  t.rewards = a.kind === "birthday" ? claimed.length : 0;
  // Birthday points count towards the tier: the same move-up check as a purchase (issue 26).
  if (a.kind === "birthday" && a.rewardType === "points" && claimed.length) {
    const ids = claimed.map((c) => c.customerId);
    notifyPassChange(ids); // the balance on the pass moved: push now, not at the next wallet-push sweep
    await checkTiersAfterCredit(a.businessId, ids, "a birthday reward", now);
  }

  // Each outcome is recorded as soon as it is known (lib/automations/deliver-automation-message.ts),
  // which ends the lease: what is still 'claimed' after a crash is what was not sent.
  const delivered = await deliverAutomationMessages(a, claimed, now);
  for (const r of delivered) {
    if (r.email) t.emails++;
    if (r.sms) t.sms++;
    if (r.status === "failed") t.failed++;
  }
  return t;
}

export type Claimed = Candidate & { sendId: bigint; reward: string | null };

function reasonFor(a: AutomationRow, c: Candidate): string {
  switch (a.kind) {
    case "birthday":
      return `Birthday on ${c.birthday}: ${rewardText(a)}`;
    case "win_back":
      return `No visit since ${c.refDate ? ukDateOf(c.refDate) : "joining"} (${a.inactiveDays}+ days)`;
    case "nearly_there":
      return `${c.totalPoints} points, ${c.minimumRedemption - c.totalPoints} short of the minimum redemption (${c.minimumRedemption})`;
    case "reward_available":
      return `${c.totalPoints} points, enough to redeem (minimum ${c.minimumRedemption})`;
  }
}

const hasChannel = (c: Candidate) => c.emailWanted || c.smsWanted;

/** A chunk's transactions may wait for another writer's row locks (a voucher send job's batch). */
const CLAIM_TX = { timeout: 60_000, maxWait: 30_000 };

/** The candidates with SMS closed where the shared monthly marketing limit is reached (vouchers and
 *  automations, sent or already decided). Counted under the customers' row locks in the transaction
 *  that writes the claims, so a voucher send job deciding at the same moment cannot also see room
 *  for the same last text (lib/vouchers/check-recipients.ts). */
async function withinSmsAllowance(tx: Tx, businessId: number, cs: Candidate[], now: Date): Promise<Candidate[]> {
  const ids = cs.filter((c) => c.smsWanted).map((c) => c.customerId);
  if (ids.length === 0) return cs;
  await lockRecipients(tx, businessId, ids);
  const counts = await marketingSmsThisMonth(ids, now, tx);
  return cs.map((c) => (c.smsWanted && (counts.get(c.customerId) ?? 0) >= SMS_MARKETING_MONTHLY_LIMIT ? { ...c, smsWanted: false } : c));
}

/** One statement per chunk claims its candidates; rows another instance holds come back missing.
 *  The ON CONFLICT arm (here and in claimBirthday) takes an existing row over only while it is an
 *  expired lease with claims left; the row lock makes a second instance re-check that and skip it. */
async function claimAll(a: AutomationRow, candidates: Candidate[], now: Date): Promise<Claimed[]> {
  const byId = new Map<number, Candidate>();
  const rows: { id: bigint; customerId: number }[] = [];
  for (let i = 0; i < candidates.length; i += 5000) {
    rows.push(...(await db.$transaction(async (tx) => {
      const chunk = (await withinSmsAllowance(tx, a.businessId, candidates.slice(i, i + 5000), now)).filter(hasChannel);
      for (const c of chunk) byId.set(c.customerId, c);
      if (chunk.length === 0) return [];
      return tx.$queryRaw<{ id: bigint; customerId: number }[]>`
        INSERT INTO automation_sends ("businessId", "automationId", "customerId", occasion, kind, reason, "emailWanted", "smsWanted", "createdAt", "leaseUntil")
        SELECT ${a.businessId}, ${a.id}, u.cid, u.occ, ${a.kind}, u.reason, u.ew, u.sw, ${now}, ${leaseEnd(now)}
        FROM unnest(${chunk.map((c) => c.customerId)}::int[], ${chunk.map((c) => c.occasion)}::text[], ${chunk.map((c) => reasonFor(a, c))}::text[],
                    ${chunk.map((c) => c.emailWanted)}::boolean[], ${chunk.map((c) => c.smsWanted)}::boolean[]) AS u(cid, occ, reason, ew, sw)
        ON CONFLICT ("automationId", "customerId", occasion) DO UPDATE
          SET "leaseUntil" = EXCLUDED."leaseUntil", attempts = automation_sends.attempts + 1, reason = EXCLUDED.reason, "emailWanted" = EXCLUDED."emailWanted", "smsWanted" = EXCLUDED."smsWanted"
          WHERE automation_sends.status = 'claimed' AND COALESCE(automation_sends."leaseUntil", '-infinity') < ${now} AND automation_sends.attempts < ${MAX_CLAIMS}
        RETURNING id, "customerId"`;
    }, CLAIM_TX)));
  }
  return rows.map((r) => ({ ...byId.get(r.customerId)!, sendId: r.id, reward: null }));
}

const leaseEnd = (now: Date) => new Date(now.getTime() + CLAIM_LEASE_MS);

/** Birthdays: the first claim and the reward (ledger points, or a voucher) commit together or not at all. */
async function claimBirthdays(a: AutomationRow, cs: Candidate[], now: Date): Promise<Claimed[]> {
  const out: Claimed[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cs.length) await claimBirthday(a, cs[next++], now, out);
  };
  await Promise.all(Array.from({ length: Math.min(BIRTHDAY_CONCURRENCY, cs.length) }, worker));
  return out.sort((x, y) => x.customerId - y.customerId);
}

/** One birthday: its own transaction (independent customers run a few at a time). */
async function claimBirthday(a: AutomationRow, candidate: Candidate, now: Date, out: Claimed[]) {
  let c = candidate;
  try {
    const claimed = await db.$transaction(async (tx) => {
      [c] = await withinSmsAllowance(tx, a.businessId, [candidate], now);
      const rows = await tx.$queryRaw<{ id: bigint; first: boolean; voucherId: number | null }[]>`
        INSERT INTO automation_sends ("businessId", "automationId", "customerId", occasion, kind, reason, "emailWanted", "smsWanted", "rewardPoints", "createdAt", "leaseUntil")
        VALUES (${a.businessId}, ${a.id}, ${c.customerId}, ${c.occasion}, ${a.kind}, ${reasonFor(a, c)}, ${c.emailWanted}, ${c.smsWanted},
                ${a.rewardType === "points" ? a.rewardPoints : null}::int, ${now}, ${leaseEnd(now)})
        ON CONFLICT ("automationId", "customerId", occasion) DO UPDATE
          SET "leaseUntil" = EXCLUDED."leaseUntil", attempts = automation_sends.attempts + 1, reason = EXCLUDED.reason, "emailWanted" = EXCLUDED."emailWanted", "smsWanted" = EXCLUDED."smsWanted"
          WHERE automation_sends.status = 'claimed' AND COALESCE(automation_sends."leaseUntil", '-infinity') < ${now} AND automation_sends.attempts < ${MAX_CLAIMS}
        RETURNING id, (xmax = 0) AS first, "voucherId"`;
      if (rows.length === 0) return null;
      if (!rows[0].first) {
        // A re-claim: the reward committed with the first claim; only the message is still owed.
        const voucher = rows[0].voucherId ? await tx.voucher.findUnique({ where: { id: rows[0].voucherId }, select: { promoCode: true } }) : null;
        return { id: rows[0].id, reward: voucher ? `${rewardText(a)} (code ${voucher.promoCode})` : rewardText(a) };
      }
      if (a.rewardType === "points") {
        await applyPoints(tx, { businessId: a.businessId, customerId: c.customerId, points: a.rewardPoints, kind: "bonus", reason: `Birthday reward (${c.birthday})`, actor: SYSTEM_ACTOR, now });
      } else {
        const voucher = await tx.voucher.create({
          data: {
            businessId: a.businessId,
            customerId: c.customerId,
            batchId: `automation-birthday-${randomUUID()}`,
            promoCode: `BDAY${randomUUID().slice(0, 6).toUpperCase()}`,
            title: "Birthday treat",
            description: `${a.voucherPercent}% off, happy birthday!`,
            discountType: "percentage",
            discountValue: a.voucherPercent,
            expiresAt: endOfUkDay(ukDateOf(addDays(new Date(`${c.birthday}T12:00:00Z`), 30))),
            sentByEmail: c.emailWanted,
            sentBySms: c.smsWanted,
          },
        });
        await tx.automationSend.update({ where: { id: rows[0].id }, data: { voucherId: voucher.id } });
        return { id: rows[0].id, reward: `${rewardText(a)} (code ${voucher.promoCode})` };
      }
      return { id: rows[0].id, reward: rewardText(a) };
    }, CLAIM_TX);
    if (claimed) out.push({ ...c, sendId: claimed.id, reward: claimed.reward });
  } catch (e) {
    // e.g. the customer was closed between the SELECT and the ledger's guarded UPDATE: nothing was written.
    log.warn({ job: "automations", automationId: a.id, customerId: c.customerId, err: e }, "birthday reward refused");
  }
}
