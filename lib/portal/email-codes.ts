import "server-only";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { db, type Tx } from "@/lib/db";
import { ApiError, badRequest } from "@/lib/api/errors";
import { authSecret } from "@/lib/env";
import { enforceRateLimit } from "@/lib/rate-limit";
import { ACCESS_CODE_TTL_MINUTES } from "@/lib/validation/portal";

// One-time 6-digit codes emailed to a customer to prove control of the address (the same scheme as
// lib/verification/codes.ts: HMAC-hashed, 10 minutes, 5 wrong tries, throttled resends). Every
// message is worded the same whether or not the address belongs to a customer: a row is kept for
// unknown addresses too (with a code nobody receives), so checking one fails exactly like a wrong
// code for a real one.

const PURPOSE = "portal_access";
export const MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_SECONDS = 30;
export const SENDS_PER_HOUR = 5;

const INVALID = "That code is not right or has expired. Please check your email or request a new code.";
const TOO_MANY = "Too many incorrect attempts. Please request a new code.";

function hashCode(email: string, code: string): string {
  return createHmac("sha256", authSecret()).update(`${PURPOSE}:-:${email}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

const key = (email: string) => ({ purpose: PURPOSE, businessId: null, target: email });

/** A new code for the address (ending any earlier one). One per 30 seconds and 5 per hour. */
export async function issuePortalCode(email: string, now = new Date()): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  // Sends for one address take turns (a transaction-scoped advisory lock), so requests arriving
  // together on any instances cannot all pass the 30-second check.
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`${PURPOSE}:${email}`}))::text`;
    const latest = await tx.verificationCode.findFirst({ where: { ...key(email), consumedAt: null }, orderBy: { id: "desc" } });
    const since = latest ? now.getTime() - latest.lastSentAt.getTime() : Infinity;
    if (since < RESEND_COOLDOWN_SECONDS * 1000) {
      const wait = Math.ceil((RESEND_COOLDOWN_SECONDS * 1000 - since) / 1000);
      throw new ApiError("rate_limited", `Please wait ${wait} seconds before requesting another code.`, undefined, { "Retry-After": String(wait) });
    }
    await enforceRateLimit(`portal-code:${email}`, { limit: SENDS_PER_HOUR, windowSeconds: 3600, message: "Too many codes requested for this email address. Please try again in an hour." }, now, tx);
    await tx.verificationCode.updateMany({ where: { ...key(email), consumedAt: null }, data: { consumedAt: now } });
    await tx.verificationCode.create({
      data: { ...key(email), codeHash: hashCode(email, code), expiresAt: new Date(now.getTime() + ACCESS_CODE_TTL_MINUTES * 60_000), lastSentAt: now, createdAt: now },
    });
  });
  return code;
}

/** Checks a code; a wrong one costs one of the 5 tries. Returns the code's id for consumePortalCode. */
export async function checkPortalCode(email: string, code: string, now = new Date()): Promise<number> {
  const row = await db.verificationCode.findFirst({ where: { ...key(email), consumedAt: null }, orderBy: { id: "desc" } });
  if (!row || row.expiresAt <= now) throw badRequest(INVALID);
  if (row.attempts >= MAX_ATTEMPTS) throw new ApiError("rate_limited", TOO_MANY);
  if (!sameHash(row.codeHash, hashCode(email, code))) {
    // Counted after its own increment, so concurrent wrong guesses each see the true count.
    const bumped = await db.$queryRaw<{ attempts: number }[]>`
      UPDATE verification_codes SET attempts = attempts + 1 WHERE id = ${row.id} AND attempts < ${MAX_ATTEMPTS} RETURNING attempts`;
    if (bumped.length === 0 || Number(bumped[0].attempts) >= MAX_ATTEMPTS) throw new ApiError("rate_limited", TOO_MANY);
    throw badRequest(INVALID);
  }
  return row.id;
}

/** Uses a checked code up: a code opens one session only. */
export async function consumePortalCode(tx: Tx, id: number, now = new Date()): Promise<void> {
  const used = await tx.verificationCode.updateMany({ where: { id, consumedAt: null, attempts: { lt: MAX_ATTEMPTS } }, data: { consumedAt: now } });
  if (used.count !== 1) throw badRequest(INVALID);
}
