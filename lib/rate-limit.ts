import "server-only";
import { db, type Tx } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { envNow } from "@/lib/env";

// Fixed-window rate limits kept in Postgres, so every instance shares the same counters. One
// statement increments (or restarts) the window atomically.

export type RateLimit = { limit: number; windowSeconds: number; message?: string | ((wait: string) => string) };

/** `client` may be the caller's transaction (so a locked section never waits for a second connection). */
export async function hitRateLimit(key: string, rule: RateLimit, now = new Date(), client: Pick<Tx, "$queryRaw"> = db): Promise<{ count: number; resetAt: Date }> {
  const rows = await client.$queryRaw<{ count: number; windowStart: Date }[]>`
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
const multiplier = Math.max(1, envNow("RATE_LIMIT_MULTIPLIER") ?? 1);

/** Throws a 429 with a readable message once the key has been used more than the limit. */
export async function enforceRateLimit(key: string, rule: RateLimit, now = new Date(), client: Pick<Tx, "$queryRaw"> = db): Promise<void> {
  const { count, resetAt } = await hitRateLimit(key, rule, now, client);
  if (count > rule.limit * multiplier) {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    const wait = seconds < 60 ? `${seconds} seconds` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
    const message = typeof rule.message === "function" ? rule.message(wait) : (rule.message ?? `Too many attempts. Please try again in ${wait}.`);
    throw new ApiError("rate_limited", message, undefined, {
      "Retry-After": String(seconds),
    });
  }
}

// How many proxies we run in front of the app, each appending the address it saw to
// X-Forwarded-For. Everything left of the entry our outermost proxy added was written by the client
// and can be anything, so the client address is the TRUSTED_PROXY_HOPS-th entry from the right
// (default 1: Vercel's edge, which also discards a client-sent X-Forwarded-For). Trusting the
// first entry would let anyone reset a per-address limit by sending a new X-Forwarded-For.
const trustedHops = () => Math.max(1, Math.floor(envNow("TRUSTED_PROXY_HOPS") ?? 1));

/** The caller's address as our own proxy saw it (see TRUSTED_PROXY_HOPS above). */
export function clientIp(req: Request): string {
  const entries = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length) return entries[Math.max(0, entries.length - trustedHops())];
  return req.headers.get("x-real-ip")?.trim() || "local";
}
