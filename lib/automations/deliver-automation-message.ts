import "server-only";
import { db, type Tx } from "@/lib/db";
import { isEmailSimulated, sendEmail } from "@/lib/email/send-email";
import { isSmsSimulated, sendSms } from "@/lib/sms/send-sms";
import { insertSimulatedMessages, type SimulatedMessage } from "@/lib/email/simulated-outbox";
import { ukDateOf } from "@/lib/rules/vouchers";
import { DAY_MS } from "@/lib/clock";
import { automationEmail, automationEmailRenderer } from "@/lib/automations/automation-email";
import { rewardText, type AutomationKind, type TemplateVars } from "@/lib/automations/automation-rules";

// Sends one claimed automation message by the channels open for this customer. The outbox rows
// carry emailType "automation" (both channels): the SMS one counts towards the shared monthly
// marketing limit (lib/vouchers/check-recipients.ts, MARKETING_SMS_PURPOSES).

type Automation = { businessId: number; businessName: string; kind: AutomationKind; subject: string; body: string; rewardType: "points" | "voucher"; rewardPoints: number; voucherPercent: number };
export type Recipient = {
  customerId: number;
  firstName: string;
  email: string;
  phone: string;
  totalPoints: number;
  minimumRedemption: number;
  refDate: Date | null;
  birthday: string | null;
  emailWanted: boolean;
  smsWanted: boolean;
  reward: string | null;
};

const dayMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "UTC" });

export function templateVars(a: Automation, c: Recipient, now: Date): TemplateVars {
  const bonus = a.kind === "birthday" && a.rewardType === "points" ? a.rewardPoints : 0;
  return {
    firstName: c.firstName,
    businessName: a.businessName,
    points: c.totalPoints + bonus,
    pointsToGo: Math.max(0, c.minimumRedemption - c.totalPoints),
    daysSinceVisit: c.refDate ? Math.round((Date.parse(ukDateOf(now)) - Date.parse(ukDateOf(new Date(c.refDate)))) / DAY_MS) : 0, // UK calendar days
    reward: c.reward ?? rewardText(a),
    birthday: c.birthday ? dayMonth.format(new Date(`${c.birthday}T00:00:00Z`)) : ukDateOf(now),
  };
}

/** A claimed message: its automation_sends row (the lease) is ended by recording the outcome. */
export type ClaimedRecipient = Recipient & { sendId: bigint };

export async function deliverAutomationMessage(a: Automation, c: ClaimedRecipient, now: Date): Promise<Outcome> {
  const vars = templateVars(a, c, now);
  let email = false;
  let sms = false;
  const problems: string[] = [];
  const m = automationEmail(a.subject, a.body, vars);
  if (c.emailWanted) {
    // The send's id is Resend's idempotency key: a re-claim after a crash right after Resend took
    // the message gets Resend's first answer instead of a second email.
    const r = await sendEmail({ to: c.email, email: m.email, emailType: "automation", businessId: a.businessId, customerId: c.customerId, idempotencyKey: `automation-send-${c.sendId}` });
    email = r.status === "sent";
    if (!email) problems.push(`email failed: ${r.error ?? "unknown error"}`);
  }
  if (c.smsWanted) {
    const r = await sendSms({ to: c.phone, body: m.sms, purpose: "automation", businessId: a.businessId, customerId: c.customerId });
    sms = r.status === "sent";
    if (!sms) problems.push(`sms failed: ${r.error ?? "unknown error"}`);
  }
  const wanted = c.emailWanted || c.smsWanted;
  const status = !wanted ? "reward_only" : email || sms ? "sent" : "failed";
  const note = !wanted ? "no consented channel open (reward given, no message)" : problems.length ? problems.join("; ") : null;
  return { email, sms, status, note };
}

export type Outcome = { email: boolean; sms: boolean; status: string; note: string | null };

const SEND_CONCURRENCY = 8;
const OUTBOX_CHUNK = 2000;

/** Sends a batch and records each outcome on its claim. With real providers, one message at a time
 *  per worker (8 at once), each outcome written as soon as the provider has answered; while both
 *  channels are simulated the outbox rows (the same rendered subject, HTML and text sendEmail and
 *  sendSms would store) are written 2,000 per statement in one transaction with their outcomes,
 *  which is what keeps the daily run over 100,000 customers inside its minute. */
export async function deliverAutomationMessages(a: Automation, batch: ClaimedRecipient[], now: Date): Promise<Outcome[]> {
  if (isEmailSimulated() && isSmsSimulated()) return recordSimulated(a, batch, now);
  const out: Outcome[] = new Array(batch.length);
  let next = 0;
  const worker = async () => {
    while (next < batch.length) {
      const i = next++;
      out[i] = await deliverAutomationMessage(a, batch[i], now);
      await recordOutcomes(db, [batch[i].sendId], [out[i]]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, batch.length) }, worker));
  return out;
}

/** Ends the claims' leases with what happened (status leaves 'claimed'). */
async function recordOutcomes(q: Pick<Tx, "$executeRaw">, ids: bigint[], outcomes: Outcome[]) {
  await q.$executeRaw`
    UPDATE automation_sends s SET "sentByEmail" = u.email, "sentBySms" = u.sms, status = u.status, note = u.note, "leaseUntil" = NULL
    FROM unnest(${ids.map(String)}::bigint[], ${outcomes.map((o) => o.email)}::boolean[], ${outcomes.map((o) => o.sms)}::boolean[],
                ${outcomes.map((o) => o.status)}::text[], ${outcomes.map((o) => o.note)}::text[]) AS u(id, email, sms, status, note)
    WHERE s.id = u.id`;
}

async function recordSimulated(a: Automation, batch: ClaimedRecipient[], now: Date): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const renderFor = await automationEmailRenderer(a.subject, a.body);
  // Up to 2 rows per customer: a chunk of customers is at most OUTBOX_CHUNK rows, written in one
  // transaction with the outcomes of its claims (a crash leaves a chunk wholly sent or wholly claimed).
  for (let i = 0; i < batch.length; i += OUTBOX_CHUNK / 2) {
    const customers = batch.slice(i, i + OUTBOX_CHUNK / 2);
    const rows: SimulatedMessage[] = [];
    const outcomes = customers.map((c): Outcome => {
      const vars = templateVars(a, c, now);
      if (c.emailWanted) {
        const m = renderFor(vars);
        rows.push({ customerId: c.customerId, channel: "email", recipient: c.email, subject: m.subject, html: m.html, text: m.text });
      }
      if (c.smsWanted) rows.push({ customerId: c.customerId, channel: "sms", recipient: c.phone, subject: null, html: null, text: automationEmail(a.subject, a.body, vars).sms });
      const wanted = c.emailWanted || c.smsWanted;
      return { email: c.emailWanted, sms: c.smsWanted, status: wanted ? "sent" : "reward_only", note: wanted ? null : "no consented channel open (reward given, no message)" };
    });
    await db.$transaction(async (tx) => {
      await insertSimulatedMessages(tx, a.businessId, "automation", rows);
      await recordOutcomes(tx, customers.map((c) => c.sendId), outcomes);
    });
    out.push(...outcomes);
  }
  return out;
}
