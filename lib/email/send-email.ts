import "server-only";
import { Resend } from "resend";
import { db } from "@/lib/db";
import { env, isConfigured } from "@/lib/env";
import { log } from "@/lib/log";

// Email goes through Resend when RESEND_API_KEY is set; otherwise it is simulated: stored in the
// outbox table exactly as it would have been sent (the spec's testing mode and its popup read it).
// Either way every message is logged in outbound_messages (the activity hub's email log).

export type EmailMessage = {
  to: string;
  subject: string;
  html: string;
  text?: string;
  emailType: string;
  businessId?: number | null;
  customerId?: number | null;
  /** Resend keeps the first answer to a key for 24 hours: a retried send is not a second email. */
  idempotencyKey?: string;
};

export type SendResult = { id: number; status: "sent" | "failed"; simulated: boolean; error?: string };

let resend: Resend | null = null;
function client(): Resend {
  return (resend ??= new Resend(env.RESEND_API_KEY));
}

export function isEmailSimulated(): boolean {
  return !isConfigured.email;
}

export async function sendEmail(msg: EmailMessage): Promise<SendResult> {
  const simulated = isEmailSimulated();
  let status: "sent" | "failed" = "sent";
  let providerMessageId: string | undefined;
  let error: string | undefined;
  if (!simulated) {
    try {
      const { data, error: err } = await client().emails.send({ from: env.EMAIL_FROM, to: msg.to, subject: msg.subject, html: msg.html, text: msg.text }, msg.idempotencyKey ? { idempotencyKey: msg.idempotencyKey } : undefined);
      if (err) throw new Error(err.message);
      providerMessageId = data?.id;
    } catch (e) {
      status = "failed";
      error = e instanceof Error ? e.message : String(e);
      log.error({ channel: "email", err: error }, "email send failed");
    }
  }
  const row = await db.outboundMessage.create({
    data: {
      businessId: msg.businessId ?? null,
      customerId: msg.customerId ?? null,
      channel: "email",
      recipient: msg.to,
      emailType: msg.emailType,
      subject: msg.subject,
      html: msg.html,
      text: msg.text,
      provider: simulated ? "simulated" : "resend",
      simulated,
      status,
      providerMessageId,
      error,
    },
  });
  return { id: row.id, status, simulated, error };
}
