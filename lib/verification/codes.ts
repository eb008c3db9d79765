import "server-only";
import { createHmac, randomInt } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { db, type Tx } from "@/lib/db";
import { ApiError, badRequest } from "@/lib/errors/api-error";
import { authSecret } from "@/lib/env";
import { assertGuessesLeftToday, countDailyWrongGuess, countWrongGuess, MAX_ATTEMPTS, sameHash, storeThrottledCode } from "@/lib/verification/throttled-codes";

// One-time 4-digit codes sent by SMS. Stored hashed (HMAC with the app secret), valid for 10
// minutes, dead after 5 wrong tries, and resends throttled per number. All state is in Postgres,
// so any instance can check a code another instance sent.

export const CODE_TTL_MINUTES = 10;

export type CodePurpose = "customer_signup" | "business_phone" | "business_signup" | "password_reset";
type Key = { purpose: CodePurpose; businessId: number | null; target: string };

function hashCode(key: Key, code: string): string {
  return createHmac("sha256", authSecret()).update(`${key.purpose}:${key.businessId ?? "-"}:${key.target}:${code}`).digest("hex");
}

/** Creates a new code (ending any earlier one for the same number and purpose) and returns it for
 *  sending. Throttled: one send per 30 seconds and 5 per hour per number. */
export async function issueCode(key: Key, payload: Prisma.InputJsonValue | null, now = new Date()): Promise<string> {
  const code = String(randomInt(0, 10_000)).padStart(4, "0");
  await storeThrottledCode(
    key,
    { codeHash: hashCode(key, code), payload: payload ?? undefined, expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000) },
    { key: `code:${key.purpose}:${key.target}`, message: "Too many codes sent to this number. Please try again in an hour." },
    now,
  );
  return code;
}

export type CheckedCode = { id: number; payload: Prisma.JsonValue | null };

/** Checks a code without using it up. A wrong code costs one of the 5 tries. */
export async function checkCode(key: Key, code: string, now = new Date()): Promise<CheckedCode> {
  const row = await db.verificationCode.findFirst({ where: { ...key, consumedAt: null }, orderBy: { id: "desc" } });
  if (!row) throw badRequest("No verification code was sent to this number. Please request a new code.");
  if (row.expiresAt <= now) throw badRequest("Your verification code has expired. Please request a new code.");
  if (row.attempts >= MAX_ATTEMPTS) throw new ApiError("rate_limited", "Too many incorrect attempts. Please request a new code.");
  await assertGuessesLeftToday(key, now);
  if (!sameHash(row.codeHash, hashCode(key, code))) {
    await countDailyWrongGuess(key, now);
    const left = await countWrongGuess(row.id);
    if (left <= 0) throw new ApiError("rate_limited", "Too many incorrect attempts. Please request a new code.");
    throw badRequest(`Invalid verification code. ${left} ${left === 1 ? "try" : "tries"} left.`);
  }
  return { id: row.id, payload: row.payload };
}

/** Uses a checked code up inside the caller's transaction; a code can be used once only. */
export async function consumeCode(tx: Tx, id: number, now = new Date()): Promise<void> {
  const used = await tx.verificationCode.updateMany({ where: { id, consumedAt: null, attempts: { lt: MAX_ATTEMPTS } }, data: { consumedAt: now } });
  if (used.count !== 1) throw new ApiError("conflict", "This verification code has already been used. Please request a new code.");
}
