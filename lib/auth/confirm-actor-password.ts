import "server-only";
import { db } from "@/lib/db";
import { ApiError, forbidden } from "@/lib/errors/api-error";
import { verifyPassword } from "@/lib/auth/password";
import { hitRateLimit } from "@/lib/rate-limit";
import type { BusinessPrincipal } from "@/lib/auth/principal";

// Password confirmation for sensitive changes (spec 2 section 6: rate changes, deleting a
// transaction for reason 'other'), checked on the server. The owner types the business's password;
// a super admin acting as the business has none, so they type their own admin password. Wrong
// passwords are counted per business and person: after 5 in 15 minutes every attempt (even a
// right one) is refused until the window ends.

export const WRONG_PASSWORD_MESSAGE = "Incorrect password. Please check it and try again.";
export const WRONG_ADMIN_PASSWORD_MESSAGE = "Incorrect password. While acting as a business, enter your own super admin password.";
export const PASSWORD_LIMIT = 5;
export const PASSWORD_WINDOW_SECONDS = 15 * 60;

function lockedError(resetAt: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new ApiError("rate_limited", `Too many incorrect passwords. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, undefined, {
    "Retry-After": String(seconds),
  });
}

export async function confirmActorPassword(auth: BusinessPrincipal, password: string | null | undefined, now = new Date()): Promise<void> {
  if (!password) throw new ApiError("bad_request", "Please enter your password to confirm");
  const key = `confirm-password:${auth.businessId}:${auth.adminMode ? `admin-${auth.actor.id}` : "owner"}`;
  const windowMs = PASSWORD_WINDOW_SECONDS * 1000;

  const bucket = await db.rateLimitBucket.findUnique({ where: { key } });
  if (bucket && bucket.count >= PASSWORD_LIMIT && bucket.windowStart.getTime() > now.getTime() - windowMs) {
    throw lockedError(new Date(bucket.windowStart.getTime() + windowMs), now);
  }

  const hash = auth.adminMode
    ? (await db.superAdmin.findUnique({ where: { id: auth.actor.id ?? -1 }, select: { passwordHash: true } }))?.passwordHash
    : (await db.business.findUnique({ where: { id: auth.businessId }, select: { passwordHash: true } }))?.passwordHash;
  if (await verifyPassword(password, hash)) return;

  const { count, resetAt } = await hitRateLimit(key, { limit: PASSWORD_LIMIT, windowSeconds: PASSWORD_WINDOW_SECONDS }, now);
  if (count > PASSWORD_LIMIT) throw lockedError(resetAt, now);
  throw forbidden(auth.adminMode ? WRONG_ADMIN_PASSWORD_MESSAGE : WRONG_PASSWORD_MESSAGE);
}
