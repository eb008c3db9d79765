import "server-only";
import { timingSafeEqual } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { enforceRateLimit, hitRateLimit } from "@/lib/rate-limit";

// The storage rules every one-time code shares (the SMS codes in lib/verification/codes.ts, the
// portal's email codes in lib/portal/email-codes.ts): one send per 30 seconds and 5 an hour per
// target, 5 wrong tries, and both enforced in Postgres so they hold across instances.

export const MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_SECONDS = 30;
export const SENDS_PER_HOUR = 5;

// Issue 19, item 4: 5 codes an hour with 5 tries each, with no daily bound, let a patient guesser
// try 600 of the 10,000 4-digit codes a day (about 6% a day knowing only the owner's phone). Now
// each target (phone number or address) also has a daily budget of sends and of wrong guesses,
// whatever the number of codes: 10 wrong guesses a day at 4-digit codes (password reset and the
// phone checks: 0.1% a day, down from 6%), 20 at the 6-digit email codes (20 in a million). The spec
// fixes the lengths (docs/decisions.md).
export const SENDS_PER_DAY = 10;
const DAY = 86_400;
export const WRONG_GUESSES_PER_DAY: Record<string, number> = { portal_access: 20 };
const DEFAULT_WRONG_GUESSES_PER_DAY = 10;
export const DAILY_GUESSES_MESSAGE = "Too many incorrect codes for this number today. Please try again tomorrow.";

const dailyGuessKey = (key: CodeKey) => `code-wrong-day:${key.purpose}:${key.target}`;
const dailyGuessLimit = (key: CodeKey) => WRONG_GUESSES_PER_DAY[key.purpose] ?? DEFAULT_WRONG_GUESSES_PER_DAY;

/** 429 once the target has used up its wrong guesses for the day (checked before any comparison). */
export async function assertGuessesLeftToday(key: CodeKey, now: Date, message = DAILY_GUESSES_MESSAGE): Promise<void> {
  const bucket = await db.rateLimitBucket.findUnique({ where: { key: dailyGuessKey(key) } });
  if (bucket && bucket.windowStart.getTime() > now.getTime() - DAY * 1000 && bucket.count >= dailyGuessLimit(key)) {
    throw new ApiError("rate_limited", message, undefined, { "Retry-After": String(Math.ceil((bucket.windowStart.getTime() + DAY * 1000 - now.getTime()) / 1000)) });
  }
}

/** Counts a wrong guess against the target's daily budget. */
export async function countDailyWrongGuess(key: CodeKey, now: Date): Promise<void> {
  await hitRateLimit(dailyGuessKey(key), { limit: dailyGuessLimit(key), windowSeconds: DAY }, now);
}

export type CodeKey = { purpose: string; businessId: number | null; target: string };

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

type NewCode = { codeHash: string; expiresAt: Date; payload?: Prisma.InputJsonValue };
type HourlyLimit = { key: string; message: string };

/** Replaces any live code for the key with a new one, or throws a 429 if the key is sending too often. */
export async function storeThrottledCode(key: CodeKey, code: NewCode, hourly: HourlyLimit, now: Date): Promise<void> {
  // Sends for one key take turns (a transaction-scoped advisory lock): otherwise requests arriving
  // together, on any instances, would all pass the 30-second check below.
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`code:${key.purpose}:${key.businessId ?? "-"}:${key.target}`}))::text`;
    const latest = await tx.verificationCode.findFirst({ where: { ...key, consumedAt: null }, orderBy: { id: "desc" } });
    const since = latest ? now.getTime() - latest.lastSentAt.getTime() : Infinity;
    if (since < RESEND_COOLDOWN_SECONDS * 1000) {
      const wait = Math.ceil((RESEND_COOLDOWN_SECONDS * 1000 - since) / 1000);
      throw new ApiError("rate_limited", `Please wait ${wait} seconds before requesting another code.`, undefined, { "Retry-After": String(wait) });
    }
    await enforceRateLimit(hourly.key, { limit: SENDS_PER_HOUR, windowSeconds: 3600, message: hourly.message }, now, tx);
    await enforceRateLimit(`${hourly.key}:day`, { limit: SENDS_PER_DAY, windowSeconds: DAY, message: "Too many codes requested today. Please try again tomorrow." }, now, tx);
    await tx.verificationCode.updateMany({ where: { ...key, consumedAt: null }, data: { consumedAt: now } });
    await tx.verificationCode.create({ data: { ...key, ...code, lastSentAt: now, createdAt: now } });
  });
}

/** Counts one wrong guess at a code and returns the tries left after it (0: the code is dead).
 *  Guarded and counted after its own increment, so concurrent wrong guesses cannot exceed the
 *  limit and each sees the true count (not the one it read before others landed). */
export async function countWrongGuess(id: number): Promise<number> {
  const bumped = await db.$queryRaw<{ attempts: number }[]>`
    UPDATE verification_codes SET attempts = attempts + 1 WHERE id = ${id} AND attempts < ${MAX_ATTEMPTS} RETURNING attempts`;
  return bumped.length ? MAX_ATTEMPTS - Number(bumped[0].attempts) : 0;
}
