import "server-only";
import { db } from "@/lib/db";
import { DAY_MS } from "@/lib/clock";

/** Deletes what has outlived its use: ended sessions, spent codes, old rate-limit windows. */
export async function housekeeping(now: Date) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [sessions, codes, buckets] = await Promise.all([
    db.session.deleteMany({ where: { OR: [{ expiresAt: { lt: now } }, { revokedAt: { lt: dayAgo } }] } }),
    db.verificationCode.deleteMany({ where: { expiresAt: { lt: dayAgo } } }),
    db.rateLimitBucket.deleteMany({ where: { windowStart: { lt: dayAgo } } }),
  ]);
  return { sessionsDeleted: sessions.count, codesDeleted: codes.count, rateLimitBucketsDeleted: buckets.count };
}
