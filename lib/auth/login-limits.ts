import "server-only";
import { createHmac } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import { db } from "@/lib/db";
import { authSecret, envNow } from "@/lib/env";
import { secureCookies } from "@/lib/auth/cookies";
import { clientIp, enforceRateLimit, hitRateLimit } from "@/lib/rate-limit";
import { readCookie } from "@/lib/auth/session";

// Password sign-in limits (owner, staff, super admin). Issue 19, item 3: the per-account cap used
// to count every attempt before the password was checked, so 51 wrong tries from 51 addresses
// locked the owner out everywhere. Now nothing a stranger does can refuse the right password:
//  - one address and one account: 10 wrong passwords in 15 minutes, then that address waits
//    (the usual typo-friendly limit; counts failures only);
//  - one address across accounts: 30 attempts in 15 minutes (credential stuffing);
//  - one account from many addresses (a distributed guess): wrong passwords are counted per account;
//    past 50 in 15 minutes, every attempt from a browser that has not signed in to this account
//    before is slowed down (0.1 s per failure over the threshold, at most 3 s), right or wrong,
//    so the answer time says nothing, but the right password still signs in. A browser that has
//    signed in before (the known-device cookie) is never slowed.
const MESSAGE = "Too many sign-in attempts. Please wait 15 minutes and try again.";
const WINDOW = 15 * 60;
const PER_ADDRESS_AND_ACCOUNT = 10;
const PER_ADDRESS = 30;
export const SLOW_DOWN_AFTER = 50;
const SLOW_STEP_MS = 100;
const SLOW_MAX_MS = 3000;

export const KNOWN_DEVICE_COOKIE = "known-device";
const KNOWN_DEVICE_MAX_ACCOUNTS = 5;
const KNOWN_DEVICE_MAX_AGE = 365 * 86_400;

export type LoginScope = "login" | "admin-login" | "staff-login";

const deviceTag = (scope: LoginScope, who: string) => createHmac("sha256", authSecret()).update(`known-device:${scope}:${who}`).digest("base64url").slice(0, 22);

async function failuresIn(key: string, now: Date): Promise<number> {
  const bucket = await db.rateLimitBucket.findUnique({ where: { key } });
  if (!bucket || bucket.windowStart.getTime() <= now.getTime() - WINDOW * 1000) return 0;
  return bucket.count;
}

const multiplier = () => Math.max(1, envNow("RATE_LIMIT_MULTIPLIER") ?? 1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long an attempt on an account under a distributed guess waits (0 when it is not). */
export function slowDownMs(accountFailures: number): number {
  const over = accountFailures - SLOW_DOWN_AFTER * multiplier();
  return over < 0 ? 0 : Math.min(SLOW_MAX_MS, (over + 1) * SLOW_STEP_MS);
}

function lockedOut(): ApiError {
  return new ApiError("rate_limited", MESSAGE, undefined, { "Retry-After": String(WINDOW) });
}

/** Runs a sign-in attempt under the limits above. A wrong password (the attempt throws a 401) is
 *  counted; a right one returns the attempt's value and the Set-Cookie that marks this browser as
 *  known for the account. */
export async function withLoginLimits<T>(scope: LoginScope, req: Request, account: string, now: Date, attempt: () => Promise<T>): Promise<{ value: T; knownDeviceCookie: string }> {
  const who = account.trim().toLowerCase();
  const ip = clientIp(req);
  const pairKey = `${scope}:fail:${ip}:${who}`;
  const accountKey = `${scope}:fail-account:${who}`;
  if ((await failuresIn(pairKey, now)) >= PER_ADDRESS_AND_ACCOUNT * multiplier()) throw lockedOut();
  await enforceRateLimit(`${scope}:ip:${ip}`, { limit: PER_ADDRESS, windowSeconds: WINDOW, message: MESSAGE }, now);

  const tag = deviceTag(scope, who);
  const known = (readCookie(req.headers.get("cookie"), KNOWN_DEVICE_COOKIE) ?? "").split(".").filter(Boolean);
  if (!known.includes(tag)) {
    const wait = slowDownMs(await failuresIn(accountKey, now));
    if (wait > 0) await sleep(wait);
  }

  try {
    const value = await attempt();
    return { value, knownDeviceCookie: knownDeviceCookie([tag, ...known.filter((t) => t !== tag)].slice(0, KNOWN_DEVICE_MAX_ACCOUNTS)) };
  } catch (error) {
    if (error instanceof ApiError && error.code === "unauthorized") {
      await hitRateLimit(pairKey, { limit: PER_ADDRESS_AND_ACCOUNT, windowSeconds: WINDOW }, now);
      await hitRateLimit(accountKey, { limit: SLOW_DOWN_AFTER, windowSeconds: WINDOW }, now);
    }
    throw error;
  }
}

function knownDeviceCookie(tags: string[]): string {
  const parts = [`${KNOWN_DEVICE_COOKIE}=${tags.join(".")}`, "Path=/api", "HttpOnly", "SameSite=Lax", `Max-Age=${KNOWN_DEVICE_MAX_AGE}`];
  if (secureCookies()) parts.push("Secure");
  return parts.join("; ");
}
