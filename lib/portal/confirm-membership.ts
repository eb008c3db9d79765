import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/api/errors";
import { logActivity } from "@/lib/activity/log-activity";
import { hashToken } from "@/lib/customers/create-customer";

export const INVALID_CONFIRMATION_LINK = "Invalid confirmation link";
export const MEMBERSHIP_CONFIRMED = "Your membership has been confirmed!";

/** GET /api/confirm-membership/{token}: the link in the welcome email. Single use: the stored hash
 *  is cleared as the membership is confirmed, so a used or unknown token reads the same. */
export async function confirmMembership(token: string, now = new Date()) {
  const hash = hashToken(token);
  const c = await db.customer.findFirst({
    where: { confirmationTokenHash: hash, accountStatus: { notIn: ["closed", "archived"] }, business: { accountStatus: { notIn: ["closed", "deleted"] } } },
    select: { id: true, businessId: true, name: true, membershipNumber: true },
  });
  if (!c) throw notFound(INVALID_CONFIRMATION_LINK);
  await db.$transaction(async (tx) => {
    const res = await tx.customer.updateMany({ where: { id: c.id, confirmationTokenHash: hash }, data: { membershipConfirmedAt: now, confirmationTokenHash: null } });
    if (res.count !== 1) throw notFound(INVALID_CONFIRMATION_LINK);
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
  });
  return { message: MEMBERSHIP_CONFIRMED, customer: { name: c.name, membershipNumber: c.membershipNumber } };
}
