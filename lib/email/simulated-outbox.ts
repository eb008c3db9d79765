import "server-only";
import type { Tx } from "@/lib/db";

// While email and SMS are both simulated, a bulk sender (automations, voucher send jobs) writes the
// outbox rows sendEmail and sendSms would write (the same rendered subject, HTML and text), many per
// statement, in the transaction that records what was sent: a crash leaves both or neither.

export type SimulatedMessage = { customerId: number; channel: "email" | "sms"; recipient: string; subject: string | null; html: string | null; text: string };

export async function insertSimulatedMessages(tx: Pick<Tx, "$executeRaw">, businessId: number, emailType: string, rows: SimulatedMessage[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO outbound_messages ("businessId", "customerId", channel, recipient, "emailType", subject, html, text, provider, simulated, status)
    SELECT ${businessId}, u.cid, u.channel, u.recipient, ${emailType}, u.subject, u.html, u.text, 'simulated', true, 'sent'
    FROM unnest(${rows.map((r) => r.customerId)}::int[], ${rows.map((r) => r.channel)}::text[], ${rows.map((r) => r.recipient)}::text[],
                ${rows.map((r) => r.subject)}::text[], ${rows.map((r) => r.html)}::text[], ${rows.map((r) => r.text)}::text[]) AS u(cid, channel, recipient, subject, html, text)`;
}
