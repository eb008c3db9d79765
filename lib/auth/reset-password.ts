import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db, type Tx } from "@/lib/db";
import { badRequest } from "@/lib/errors/api-error";
import { hashPassword } from "@/lib/auth/password";
import { logActivity } from "@/lib/activity/log-activity";
import { checkCode, consumeCode } from "@/lib/verification/codes";
import { INVALID_RESET_LINK } from "@/lib/validation/auth";

// Password resets for business owners, two ways in (spec 3 sections 4, 6 and 7):
//  - by phone: POST /api/auth/forgot-password gives a token (10 minutes) and texts a 4-digit code;
//    POST /api/auth/reset-password needs both.
//  - by a link a super admin issues (1 hour): POST /api/reset-password needs the token only.
// One token column serves both, so the stored value carries its kind: a token handed out by the
// phone flow (to anyone who knows the number) can never be used as a link, which needs no code.
// Tokens are 256-bit random values stored as SHA-256 hashes and used once. A reset ends every
// open session of the owner.

export type ResetTokenKind = "sms" | "link";

export const INVALID_CODE_OR_TOKEN = "invalid verification code or expired token.";
export const PHONE_RESET_TTL_MINUTES = 10;
export const LINK_RESET_TTL_MINUTES = 60;

export function newResetToken(): string {
  return randomBytes(32).toString("base64url");
}

export function storedResetTokenHash(kind: ResetTokenKind, token: string): string {
  return `${kind}:${createHash("sha256").update(token).digest("hex")}`;
}

/** Sets the new password, uses the token up (guarded: a token works once, even under concurrent
 *  requests), revokes the owner's sessions and writes the activity row. */
async function applyNewPassword(
  tx: Tx,
  business: { id: number; ownerFirstName: string; ownerLastName: string },
  tokenHash: string,
  passwordHash: string,
  how: "sms_code" | "admin_link",
  invalidMessage: string,
  now: Date,
) {
  const used = await tx.business.updateMany({
    where: { id: business.id, resetTokenHash: tokenHash, resetExpires: { gt: now } },
    data: { passwordHash, resetTokenHash: null, resetExpires: null },
  });
  if (used.count !== 1) throw badRequest(invalidMessage);
  const revoked = await tx.session.updateMany({ where: { businessId: business.id, kind: "business", revokedAt: null }, data: { revokedAt: now } });
  await logActivity(
    {
      businessId: business.id,
      actor: { type: "owner", id: business.id, name: `${business.ownerFirstName} ${business.ownerLastName}`.trim() },
      action: "password_reset",
      description: how === "sms_code" ? "Password reset with a code texted to the business phone" : "Password reset with a link issued by a super admin",
      tableName: "businesses",
      recordId: business.id,
      oldValues: { resetPending: true },
      newValues: { passwordChangedAt: now.toISOString(), method: how, sessionsEnded: revoked.count },
    },
    tx,
  );
}

const OWNER = { id: true, phone: true, ownerFirstName: true, ownerLastName: true, resetExpires: true, accountStatus: true } as const;

/** POST /api/auth/reset-password: the token from forgot-password plus the texted code. */
export async function resetPasswordWithCode(input: { token: string; code: string; newPassword: string }, now = new Date()) {
  const tokenHash = storedResetTokenHash("sms", input.token);
  const business = await db.business.findUnique({ where: { resetTokenHash: tokenHash }, select: OWNER });
  if (!business || business.accountStatus === "deleted" || !business.resetExpires || business.resetExpires <= now) {
    throw badRequest(INVALID_CODE_OR_TOKEN);
  }
  // A wrong code costs one of its 5 tries (then 429); the code went to the number on the account.
  const checked = await checkCode({ purpose: "password_reset", businessId: business.id, target: business.phone }, input.code, now);
  const passwordHash = await hashPassword(input.newPassword);
  await db.$transaction(async (tx) => {
    await consumeCode(tx, checked.id, now);
    await applyNewPassword(tx, business, tokenHash, passwordHash, "sms_code", INVALID_CODE_OR_TOKEN, now);
  });
  return { message: "password updated successfully" };
}

/** POST /api/reset-password: a link issued by a super admin (token and business id). */
export async function resetPasswordWithLink(input: { token: string; businessId: number; newPassword: string }, now = new Date()) {
  const tokenHash = storedResetTokenHash("link", input.token);
  const business = await db.business.findFirst({ where: { id: input.businessId, resetTokenHash: tokenHash }, select: OWNER });
  if (!business || business.accountStatus === "deleted" || !business.resetExpires || business.resetExpires <= now) {
    throw badRequest(INVALID_RESET_LINK);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.$transaction((tx) => applyNewPassword(tx, business, tokenHash, passwordHash, "admin_link", INVALID_RESET_LINK, now));
  return { message: "Your password has been reset. You can now sign in with your new password." };
}
