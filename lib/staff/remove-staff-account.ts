import "server-only";
import { db } from "@/lib/db";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { logActivity } from "@/lib/activity/log-activity";
import { getStaffOrThrow } from "@/lib/staff/get-staff-or-throw";

/** DELETE /api/business/staff/{id}: removes the login; its sessions end with it. */
export async function removeStaffAccount(auth: BusinessPrincipal, id: number, now: Date) {
  const businessId = auth.businessId;
  await db.$transaction(async (tx) => {
    const staff = await getStaffOrThrow(businessId, id, tx);
    // Revoke before deleting: the rows then go with the login (cascade), but a request already
    // past its session check sees the revocation first.
    await tx.session.updateMany({ where: { staffUserId: id, revokedAt: null }, data: { revokedAt: now } });
    await tx.staffUser.delete({ where: { id: staff.id } });
    await logActivity(
      {
        businessId,
        actor: auth.actor,
        action: "staff_account_removed",
        description: `Removed the staff login "${staff.username}"`,
        tableName: "staff_users",
        recordId: id,
        oldValues: { username: staff.username, createdAt: staff.createdAt.toISOString() },
      },
      tx,
    );
  });
  return { message: "Staff login removed", id };
}
