import "server-only";
import { db } from "@/lib/db";
import { isEmailSimulated, sendEmail } from "@/lib/email/send-email";
import { isSmsSimulated, sendSms } from "@/lib/sms/send-sms";
import { ukDateOf } from "@/lib/rules/vouchers";
import { DAY_MS } from "@/lib/clock";
import { automationEmail } from "@/lib/automations/automation-email";
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

export async function deliverAutomationMessage(a: Automation, c: Recipient, now: Date): Promise<{ email: boolean; sms: boolean; status: string; note: string | null }> {
  const vars = templateVars(a, c, now);
  let email = false;
  let sms = false;
  const problems: string[] = [];
  if (c.emailWanted) {
    const m = automationEmail(a.subject, a.body, vars);
    const r = await sendEmail({ to: c.email, subject: m.subject, html: m.html, text: m.text, emailType: "automation", businessId: a.businessId, customerId: c.customerId });
    email = r.status === "sent";
    if (!email) problems.push(`email failed: ${r.error ?? "unknown error"}`);
  }
  if (c.smsWanted) {
    const m = automationEmail(a.subject, a.body, vars);
    const r = await sendSms({ to: c.phone, body: m.text, purpose: "automation", businessId: a.businessId, customerId: c.customerId });
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

/** Sends a batch. With real providers, one message at a time per worker (8 at once); while both
 *  channels are simulated the outbox rows (the same rendered subject, HTML and text sendEmail and
 *  sendSms would store) are written 2,000 per statement, which is what keeps the daily run
 *  over 100,000 customers inside its minute. */
export async function deliverAutomationMessages(a: Automation, batch: Recipient[], now: Date): Promise<Outcome[]> {
  if (isEmailSimulated() && isSmsSimulated()) return recordSimulated(a, batch, now);
  const out: Outcome[] = new Array(batch.length);
  let next = 0;
  const worker = async () => {
    while (next < batch.length) {
      const i = next++;
      out[i] = await deliverAutomationMessage(a, batch[i], now);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, batch.length) }, worker));
  return out;
}

async function recordSimulated(a: Automation, batch: Recipient[], now: Date): Promise<Outcome[]> {
  const rows: { customerId: number; channel: string; recipient: string; subject: string | null; html: string | null; text: string }[] = [];
  const out = batch.map((c): Outcome => {
    const m = automationEmail(a.subject, a.body, templateVars(a, c, now));
    if (c.emailWanted) rows.push({ customerId: c.customerId, channel: "email", recipient: c.email, subject: m.subject, html: m.html, text: m.text });
    if (c.smsWanted) rows.push({ customerId: c.customerId, channel: "sms", recipient: c.phone, subject: null, html: null, text: m.text });
    const wanted = c.emailWanted || c.smsWanted;
    return { email: c.emailWanted, sms: c.smsWanted, status: wanted ? "sent" : "reward_only", note: wanted ? null : "no consented channel open (reward given, no message)" };
  });
  for (let i = 0; i < rows.length; i += OUTBOX_CHUNK) {
    const chunk = rows.slice(i, i + OUTBOX_CHUNK);
    // The row sendEmail/sendSms would write for a simulated message, many per statement.
    await db.$executeRaw`
      INSERT INTO outbound_messages ("businessId", "customerId", channel, recipient, "emailType", subject, html, text, provider, simulated, status)
      SELECT ${a.businessId}, u.cid, u.channel, u.recipient, 'automation', u.subject, u.html, u.text, 'simulated', true, 'sent'
      FROM unnest(${chunk.map((r) => r.customerId)}::int[], ${chunk.map((r) => r.channel)}::text[], ${chunk.map((r) => r.recipient)}::text[],
                  ${chunk.map((r) => r.subject)}::text[], ${chunk.map((r) => r.html)}::text[], ${chunk.map((r) => r.text)}::text[]) AS u(cid, channel, recipient, subject, html, text)`;
  }
  return out;
}
