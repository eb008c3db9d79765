import "server-only";
import { Resend } from "resend";
import { db } from "@/lib/db";
import { env, isConfigured } from "@/lib/env";
import { log } from "@/lib/log";
import { renderEmail, type EmailContent } from "@/lib/email/render-email";

// Email goes through Resend when RESEND_API_KEY is set; otherwise it is simulated: stored in the
// outbox table exactly as it would have been sent (the spec's testing mode and its popup read it).
// Either way every message is logged in outbound_messages (the activity hub's email log). Every
// email is a React Email template (lib/email/templates), rendered here by renderEmail: the outbox
// row and the Resend call carry the same HTML and text.

export type EmailMessage = {
  to: string;
  email: EmailContent;
  emailType: string;
  businessId?: number | null;
  customerId?: number | null;
  /** Resend keeps the first answer to a key for 24 hours: a retried send is not a second email. */
  idempotencyKey?: string;
};

export type SendResult = { id: number; status: "sent" | "failed"; simulated: boolean; error?: string };

let resend: Resend | null = null;
function client(): Resend {
  // RESEND_BASE_URL: tests' local stand-in only (lib/env.ts); unset = https://api.resend.com
  return (resend ??= new Resend(env.RESEND_API_KEY, { baseUrl: env.RESEND_BASE_URL ?? "https://api.resend.com" }));
}

export function isEmailSimulated(): boolean {
  return !isConfigured.email;
}

/** Resend's answer as one line for the log and the outbox row: its status code, error name and message. */
function resendError(err: { name?: string; message?: string; statusCode?: number | null }): string {
  return `Resend ${err.statusCode ?? "network"} ${err.name ?? "error"}: ${err.message ?? "no message"}`;
}

export async function sendEmail(msg: EmailMessage): Promise<SendResult> {
  const { subject, html, text } = await renderEmail(msg.email);
  const simulated = isEmailSimulated();
  let status: "sent" | "failed" = "sent";
  let providerMessageId: string | undefined;
  let error: string | undefined;
  if (!simulated) {
    try {
      const { data, error: err } = await client().emails.send(
        { from: env.EMAIL_FROM, to: msg.to, subject, html, text },
        msg.idempotencyKey ? { idempotencyKey: msg.idempotencyKey } : undefined,
      );
      if (err) throw new Error(resendError(err));
      providerMessageId = data?.id;
    } catch (e) {
      status = "failed";
      error = e instanceof Error ? e.message : String(e);
      log.error({ channel: "email", emailType: msg.emailType, err: error }, "email send failed");
    }
  }
  const row = await db.outboundMessage.create({
    data: {
      businessId: msg.businessId ?? null,
      customerId: msg.customerId ?? null,
      channel: "email",
      recipient: msg.to,
      emailType: msg.emailType,
      subject,
      html,
      text,
      provider: simulated ? "simulated" : "resend",
      simulated,
      status,
      providerMessageId,
      error,
    },
  });
  return { id: row.id, status, simulated, error };
}
