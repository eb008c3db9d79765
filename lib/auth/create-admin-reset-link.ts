import "server-only";
import { db, type Tx } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import { appUrl } from "@/lib/env";
import { LINK_RESET_TTL_MINUTES, newResetToken, storedResetTokenHash } from "@/lib/auth/reset-password";

// Spec 3 section 6: a super admin triggers a password-reset token that expires after 1 hour. The
// link opens /reset-password?token=..&business=.. (POST /api/reset-password). Only the hash is
// stored; issuing a new link (or a reset by phone) replaces any earlier token. The caller writes
// the activity row, since it knows which admin acted.

export async function createAdminResetLink(businessId: number, now = new Date(), tx: Tx = db): Promise<{ url: string; expiresAt: Date }> {
  const token = newResetToken();
  const expiresAt = new Date(now.getTime() + LINK_RESET_TTL_MINUTES * 60_000);
  const updated = await tx.business.updateMany({
    where: { id: businessId, accountStatus: { not: "deleted" } },
    data: { resetTokenHash: storedResetTokenHash("link", token), resetExpires: expiresAt },
  });
  if (updated.count !== 1) throw notFound("Business not found");
  const url = `${appUrl()}/reset-password?token=${encodeURIComponent(token)}&business=${businessId}`;
  return { url, expiresAt };
}
