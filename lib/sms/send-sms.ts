import "server-only";
import twilio from "twilio";
import { db } from "@/lib/db";
import { env, envNow, isConfigured } from "@/lib/env";
import { log } from "@/lib/log";

// SMS goes through Twilio when its three keys are set; otherwise it is simulated and stored in the
// outbox, where GET /api/test/last-simulated-sms lets tests and the demo read verification codes.

export type SmsMessage = { to: string; body: string; purpose: string; businessId?: number | null; customerId?: number | null };
export type SmsResult = { id: number; status: "sent" | "failed"; simulated: boolean; error?: string };

let twilioClient: ReturnType<typeof twilio> | null = null;
function client() {
  if (!twilioClient) {
    twilioClient = twilio(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN);
    // TWILIO_API_BASE: tests' local stand-in only (lib/env.ts); unset = https://api.twilio.com
    if (env.TWILIO_API_BASE) twilioClient.api.baseUrl = env.TWILIO_API_BASE;
  }
  return twilioClient;
}

/** The sender: a Messaging Service (MG...) when TWILIO_FROM_NUMBER names one, else the number. */
function sender(): { from: string } | { messagingServiceSid: string } {
  const from = env.TWILIO_FROM_NUMBER ?? "";
  return /^MG[0-9a-f]{32}$/.test(from) ? { messagingServiceSid: from } : { from };
}

/** Twilio's answer as one line for the log and the outbox row: HTTP status, Twilio error code, message. */
function twilioError(e: unknown): string {
  const err = e as { status?: number; code?: number; message?: string };
  if (typeof err?.status === "number") return `Twilio ${err.status} ${err.code ?? "error"}: ${err.message ?? "no message"}`;
  return e instanceof Error ? e.message : String(e);
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
      const sent = await client().messages.create({ ...sender(), to: msg.to, body: msg.body });
      providerMessageId = sent.sid;
    } catch (e) {
      status = "failed";
      error = twilioError(e);
      log.error({ channel: "sms", purpose: msg.purpose, err: error }, "sms send failed");
    }
  }
  // In development the texted code is easiest to find in the terminal (never in production: no
  // codes or numbers in logs).
  if (simulated && envNow("NODE_ENV") === "development") console.info(`[sms simulated] to ${msg.to}: ${msg.body}`);
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
