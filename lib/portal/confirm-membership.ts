import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import { logActivity } from "@/lib/activity/log-activity";
import { hashToken } from "@/lib/customers/create-customer";

export const INVALID_CONFIRMATION_LINK = "Invalid confirmation link";
export const MEMBERSHIP_CONFIRMED = "Your membership has been confirmed!";
export const MEMBERSHIP_ALREADY_CONFIRMED = "Your membership is already confirmed.";

/** GET /api/confirm-membership/{token}: the link in the welcome email. It confirms once; the
 *  stored hash is kept (until the account is archived), so opening the link again answers that the
 *  membership is already confirmed (issue 20: it said "Invalid confirmation link") and changes
 *  nothing. An unknown token, or a closed account's, is still "Invalid confirmation link". */
export async function confirmMembership(token: string, now = new Date()) {
  const hash = hashToken(token);
  const c = await db.customer.findFirst({
    where: { confirmationTokenHash: hash, accountStatus: { notIn: ["closed", "archived"] }, business: { accountStatus: { notIn: ["closed", "deleted"] } } },
    select: { id: true, businessId: true, name: true, membershipNumber: true, membershipConfirmedAt: true },
  });
  if (!c) throw notFound(INVALID_CONFIRMATION_LINK);
  const customer = { name: c.name, membershipNumber: c.membershipNumber };
  if (c.membershipConfirmedAt) return { message: MEMBERSHIP_ALREADY_CONFIRMED, alreadyConfirmed: true, customer };
  const confirmed = await db.$transaction(async (tx) => {
    // Guarded: of two opens at once, one confirms and the other reads "already confirmed".
    const res = await tx.customer.updateMany({ where: { id: c.id, confirmationTokenHash: hash, membershipConfirmedAt: null }, data: { membershipConfirmedAt: now } });
    if (res.count !== 1) return false;
    await logActivity(
      {
        businessId: c.businessId,
        actor: { type: "customer", id: c.id, name: c.name },
        action: "membership_confirmed",
        description: `${c.name} confirmed their membership (${c.membershipNumber})`,
        tableName: "customers",
        recordId: c.id,
        newValues: { membershipConfirmedAt: now.toISOString() },
      },
      tx,
    );
    return true;
  });
  if (!confirmed) return { message: MEMBERSHIP_ALREADY_CONFIRMED, alreadyConfirmed: true, customer };
  return { message: MEMBERSHIP_CONFIRMED, customer };
}
