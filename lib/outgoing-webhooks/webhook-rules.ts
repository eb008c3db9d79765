import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { envNow } from "@/lib/env";

// Outgoing webhooks (issue 27). Rules, stated once:
// - Events: points.changed, customer.created, voucher.sent, voucher.redeemed.
// - Signature header `Loyalty-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`
//   (Stripe's scheme). The timestamp is signed with the body, so a captured delivery cannot be
//   replayed later: receivers refuse a t more than SIGNATURE_TOLERANCE_SECONDS away from their clock.
// - Retries: after failed attempt n (1-based) the next comes 1 minute x 3^(n-1) later (1m, 3m, 9m,
//   27m, 81m, 4h03, 12h09), and one last attempt at exactly 24 hours after the event; after that the
//   delivery is 'failed' (the owner can still re-send it from the delivery log). A 2xx answer is
//   delivered; anything else (status, timeout after 10 s, network error) is a failed attempt.

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/rules/webhook-events";

export const SIGNATURE_HEADER = "Loyalty-Signature";
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const DELIVERY_TIMEOUT_MS = 10_000;
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 60_000;

export const signPayload = (secret: string, timestamp: number, body: string) => createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");

export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${signPayload(secret, t, body)}`;
}

/** What a receiver does: parse the header, recompute, compare in constant time, check the age. */
export function verifySignature(secret: string, body: string, header: string | null, now: Date = new Date(), toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS): boolean {
  if (!header) return false;
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!Number.isInteger(t) || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signPayload(secret, t, body), "hex");
  return signatures.some((s) => /^[0-9a-f]{64}$/.test(s) && timingSafeEqual(Buffer.from(s, "hex"), expected));
}

/** When to try again after `attempts` failed attempts of an event created at `createdAt`; null when
 *  the 24 hours are over (the delivery fails). */
export function nextAttemptAt(createdAt: Date, attempts: number, lastAttemptAt: Date): Date | null {
  const end = createdAt.getTime() + RETRY_WINDOW_MS;
  if (lastAttemptAt.getTime() >= end) return null;
  const next = lastAttemptAt.getTime() + FIRST_RETRY_MS * 3 ** Math.max(0, attempts - 1);
  return new Date(Math.min(next, end));
}

/** The owner's endpoint URL: https (plain http only outside production, for local receivers). */
export function endpointUrlProblem(raw: string, production = envNow("NODE_ENV") === "production"): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full URL, such as https://till.example.com/loyalty-webhooks";
  }
  if (url.username || url.password) return "The URL must not contain a user name or password";
  if (url.protocol === "https:") return production && isPrivateHost(url.hostname) ? "The URL must be a public address" : null;
  if (url.protocol === "http:" && !production) return null;
  return "The URL must start with https://";
}

function isPrivateHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost" || h.endsWith(".localhost") || h.endsWith(".internal") || h === "::1") return true;
  return /^(10\.|127\.|0\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(h) || /^f[cd]/.test(h);
}

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64url")}`;
