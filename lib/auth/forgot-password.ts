import "server-only";
import { db } from "@/lib/db";
import { badRequest, notFound } from "@/lib/errors/api-error";
import { logActivity } from "@/lib/activity/log-activity";
import { issueCode } from "@/lib/verification/codes";
import { sendSms } from "@/lib/sms/send-sms";
import { PRODUCT_NAME } from "@/lib/product";
import { newResetToken, PHONE_RESET_TTL_MINUTES, storedResetTokenHash } from "@/lib/auth/reset-password";

// Spec 3 sections 4, 7 and 8, "Password reset (business)": the owner enters the phone number.
// Several accounts on that number: the caller chooses one (requiresSelection, with masked
// emails). One account (or the chosen one): a token comes back and a 4-digit code is texted to
// the number; POST /api/auth/reset-password then needs both. Unknown number: 404 with the
// spec's message. The route rate-limits per number and per address; codes.ts throttles sends.

export const NO_ACCOUNT_MESSAGE = "No account found with this phone number.";
const MAX_ACCOUNTS_LISTED = 20;

/** "owner@example.com" -> "o***@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

/** "+447700900123" -> "*******0123" style: only the last 3 digits show. */
function maskPhone(phone: string): string {
  return `${"*".repeat(Math.max(0, phone.length - 3))}${phone.slice(-3)}`;
}

export type ForgotPasswordResult =
  | { requiresSelection: true; accounts: { id: number; name: string; email: string }[] }
  | { token: string; businessName: string; message: string };

export async function startPasswordReset(input: { phone: string; businessId?: number }, now = new Date()): Promise<ForgotPasswordResult> {
  const accounts = await db.business.findMany({
    where: { phone: input.phone, accountStatus: { not: "deleted" } },
    select: { id: true, name: true, email: true, ownerFirstName: true, ownerLastName: true },
    orderBy: { id: "asc" },
    take: MAX_ACCOUNTS_LISTED,
  });
  if (accounts.length === 0) throw notFound(NO_ACCOUNT_MESSAGE);
  if (input.businessId === undefined && accounts.length > 1) {
    return { requiresSelection: true, accounts: accounts.map((a) => ({ id: a.id, name: a.name, email: maskEmail(a.email) })) };
  }
  const business = input.businessId === undefined ? accounts[0] : accounts.find((a) => a.id === input.businessId);
  if (!business) throw notFound(NO_ACCOUNT_MESSAGE);

  // Throttled per account and number (429 with the wait), before anything is stored.
  const code = await issueCode({ purpose: "password_reset", businessId: business.id, target: input.phone }, null, now);
  const token = newResetToken();
  await db.$transaction(async (tx) => {
    await tx.business.update({
      where: { id: business.id },
      data: { resetTokenHash: storedResetTokenHash("sms", token), resetExpires: new Date(now.getTime() + PHONE_RESET_TTL_MINUTES * 60_000) },
    });
    await logActivity(
      {
        businessId: business.id,
        actor: { type: "system", id: null, name: "password reset by phone" },
        action: "password_reset_requested",
        description: `Password reset code texted to ${maskPhone(input.phone)}`,
        tableName: "businesses",
        recordId: business.id,
        oldValues: {},
        newValues: { resetRequestedAt: now.toISOString(), expiresInMinutes: PHONE_RESET_TTL_MINUTES },
      },
      tx,
    );
  });
  // The code comes first: the simulated outbox reads the first 4-digit number of the text.
  const sms = await sendSms({
    to: input.phone,
    body: `${code} is your ${PRODUCT_NAME} password reset code for ${business.name}. It expires in 10 minutes. If you did not ask for it, ignore this text.`,
    purpose: "password_reset",
    businessId: business.id,
  });
  if (sms.status === "failed") throw badRequest("We could not send a text to this number. Please try again later.");
  return { token, businessName: business.name, message: `A 4-digit code has been sent to ${maskPhone(input.phone)}` };
}
