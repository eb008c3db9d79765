import "server-only";
import { createHmac, randomInt } from "node:crypto";
import { db, type Tx } from "@/lib/db";
import { ApiError, badRequest } from "@/lib/errors/api-error";
import { authSecret } from "@/lib/env";
import { assertGuessesLeftToday, countDailyWrongGuess, countWrongGuess, MAX_ATTEMPTS, sameHash, storeThrottledCode } from "@/lib/verification/throttled-codes";
import { ACCESS_CODE_TTL_MINUTES } from "@/lib/validation/portal";

// One-time 6-digit codes emailed to a customer to prove control of the address (the same scheme as
// lib/verification/codes.ts: HMAC-hashed, 10 minutes, 5 wrong tries, throttled resends). Every
// message is worded the same whether or not the address belongs to a customer: a row is kept for
// unknown addresses too (with a code nobody receives), so checking one fails exactly like a wrong
// code for a real one.

const PURPOSE = "portal_access";

const INVALID = "That code is not right or has expired. Please check your email or request a new code.";
const TOO_MANY = "Too many incorrect attempts. Please request a new code.";

function hashCode(email: string, code: string): string {
  return createHmac("sha256", authSecret()).update(`${PURPOSE}:-:${email}:${code}`).digest("hex");
}

const key = (email: string) => ({ purpose: PURPOSE, businessId: null, target: email });

/** A new code for the address (ending any earlier one). One per 30 seconds and 5 per hour. */
export async function issuePortalCode(email: string, now = new Date()): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await storeThrottledCode(
    key(email),
    { codeHash: hashCode(email, code), expiresAt: new Date(now.getTime() + ACCESS_CODE_TTL_MINUTES * 60_000) },
    { key: `portal-code:${email}`, message: "Too many codes requested for this email address. Please try again in an hour." },
    now,
  );
  return code;
}

/** Checks a code; a wrong one costs one of the 5 tries. Returns the code's id for consumePortalCode. */
export async function checkPortalCode(email: string, code: string, now = new Date()): Promise<number> {
  const row = await db.verificationCode.findFirst({ where: { ...key(email), consumedAt: null }, orderBy: { id: "desc" } });
  if (!row || row.expiresAt <= now) throw badRequest(INVALID);
  if (row.attempts >= MAX_ATTEMPTS) throw new ApiError("rate_limited", TOO_MANY);
  await assertGuessesLeftToday(key(email), now, "Too many incorrect codes for this address today. Please try again tomorrow.");
  if (!sameHash(row.codeHash, hashCode(email, code))) {
    await countDailyWrongGuess(key(email), now);
    if ((await countWrongGuess(row.id)) <= 0) throw new ApiError("rate_limited", TOO_MANY);
    throw badRequest(INVALID);
  }
  return row.id;
}

/** Uses a checked code up: a code opens one session only. */
export async function consumePortalCode(tx: Tx, id: number, now = new Date()): Promise<void> {
  const used = await tx.verificationCode.updateMany({ where: { id, consumedAt: null, attempts: { lt: MAX_ATTEMPTS } }, data: { consumedAt: now } });
  if (used.count !== 1) throw badRequest(INVALID);
}
