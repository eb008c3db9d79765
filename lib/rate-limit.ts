import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/api/errors";

// Fixed-window rate limits kept in Postgres, so every instance shares the same counters. One
// statement increments (or restarts) the window atomically.

export type RateLimit = { limit: number; windowSeconds: number; message?: string };

export async function hitRateLimit(key: string, rule: RateLimit, now = new Date()): Promise<{ count: number; resetAt: Date }> {
  const rows = await db.$queryRaw<{ count: number; windowStart: Date }[]>`
    INSERT INTO rate_limit_buckets (key, count, "windowStart") VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_buckets."windowStart" <= ${now}::timestamp - make_interval(secs => ${rule.windowSeconds})
                   THEN 1 ELSE rate_limit_buckets.count + 1 END,
      "windowStart" = CASE WHEN rate_limit_buckets."windowStart" <= ${now}::timestamp - make_interval(secs => ${rule.windowSeconds})
                   THEN ${now} ELSE rate_limit_buckets."windowStart" END
    RETURNING count, "windowStart"`;
  const row = rows[0];
  return { count: Number(row.count), resetAt: new Date(new Date(row.windowStart).getTime() + rule.windowSeconds * 1000) };
}

// RATE_LIMIT_MULTIPLIER scales every limit: for end-to-end test servers, where every browser
// session comes from one address. Never set it on a real deployment.
const multiplier = Math.max(1, Number(process.env.RATE_LIMIT_MULTIPLIER ?? 1) || 1);

/** Throws a 429 with a readable message once the key has been used more than the limit. */
export async function enforceRateLimit(key: string, rule: RateLimit, now = new Date()): Promise<void> {
  const { count, resetAt } = await hitRateLimit(key, rule, now);
  if (count > rule.limit * multiplier) {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    const wait = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
    throw new ApiError("rate_limited", rule.message ?? `Too many attempts. Please try again in ${wait}.`, undefined, {
      "Retry-After": String(seconds),
    });
  }
}

export function clientIp(req: Request): string {
  const fwd = req.headers.get("x-forwarded-for");
  if (fwd) return fwd.split(",")[0].trim();
  return req.headers.get("x-real-ip") ?? "local";
}
