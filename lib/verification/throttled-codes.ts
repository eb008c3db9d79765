import "server-only";
import { timingSafeEqual } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/api/errors";
import { enforceRateLimit } from "@/lib/rate-limit";

// The storage rules every one-time code shares (the SMS codes in lib/verification/codes.ts, the
// portal's email codes in lib/portal/email-codes.ts): one send per 30 seconds and 5 an hour per
// target, 5 wrong tries, and both enforced in Postgres so they hold across instances.

export const MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_SECONDS = 30;
export const SENDS_PER_HOUR = 5;

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
