import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/api/errors";
import { verifyPassword } from "@/lib/auth/password";
import { enforceRateLimit } from "@/lib/rate-limit";
import type { BusinessPrincipal } from "@/lib/auth/principal";

/** Password confirmation for sensitive changes: the owner's password, or, for a super admin acting
 *  as the business, the admin's own. Wrong passwords are rate-limited (10 per 15 minutes). */
export async function verifyActorPassword(p: BusinessPrincipal, password: string | null | undefined, now = new Date()): Promise<void> {
  if (!password) throw new ApiError("bad_request", "Please enter your password to confirm");
  await enforceRateLimit(`confirm-password:${p.actor.type}:${p.actor.id}`, { limit: 10, windowSeconds: 900, message: "Too many password attempts. Please wait 15 minutes and try again." }, now);
  const hash =
    p.adminMode && p.actor.id
      ? (await db.superAdmin.findUnique({ where: { id: p.actor.id }, select: { passwordHash: true } }))?.passwordHash
      : (await db.business.findUnique({ where: { id: p.businessId }, select: { passwordHash: true } }))?.passwordHash;
  if (!(await verifyPassword(password, hash))) throw new ApiError("forbidden", "Incorrect password");
}
