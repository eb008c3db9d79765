import "server-only";
import twilio from "twilio";
import { db } from "@/lib/db";
import { env, isConfigured } from "@/lib/env";
import { log } from "@/lib/log";

// SMS goes through Twilio when its three keys are set; otherwise it is simulated and stored in the
// outbox, where GET /api/test/last-simulated-sms lets tests and the demo read verification codes.

export type SmsMessage = { to: string; body: string; purpose: string; businessId?: number | null; customerId?: number | null };
export type SmsResult = { id: number; status: "sent" | "failed"; simulated: boolean; error?: string };

let twilioClient: ReturnType<typeof twilio> | null = null;
function client() {
  return (twilioClient ??= twilio(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN));
}

export function isSmsSimulated(): boolean {
  return !isConfigured.sms;
}

export async function sendSms(msg: SmsMessage): Promise<SmsResult> {
  const simulated = isSmsSimulated();
  let status: "sent" | "failed" = "sent";
  let providerMessageId: string | undefined;
  let error: string | undefined;
  if (!simulated) {
    try {
      const sent = await client().messages.create({ from: env.TWILIO_FROM_NUMBER, to: msg.to, body: msg.body });
      providerMessageId = sent.sid;
    } catch (e) {
      status = "failed";
      error = e instanceof Error ? e.message : String(e);
      log.error({ channel: "sms", purpose: msg.purpose, err: error }, "sms send failed");
    }
  }
  // In development the texted code is easiest to find in the terminal (never in production: no
  // codes or numbers in logs).
  if (simulated && process.env.NODE_ENV === "development") console.info(`[sms simulated] to ${msg.to}: ${msg.body}`);
  const row = await db.outboundMessage.create({
    data: {
      businessId: msg.businessId ?? null,
      customerId: msg.customerId ?? null,
      channel: "sms",
      recipient: msg.to,
      emailType: msg.purpose,
      text: msg.body,
      provider: simulated ? "simulated" : "twilio",
      simulated,
      status,
      providerMessageId,
      error,
    },
  });
  return { id: row.id, status, simulated, error };
}
