import "server-only";
import { db } from "@/lib/db";
import type { BusinessPrincipal } from "@/lib/auth/principal";
import { hashPassword } from "@/lib/auth/password";
import { logActivity } from "@/lib/activity/log-activity";
import { getStaffOrThrow } from "@/lib/staff/get-staff-or-throw";
import { toStaffAccountDto } from "@/lib/staff/staff-dto";

/** PUT /api/business/staff/{id}/password: sets a new password and signs that staff member out everywhere. */
export async function resetStaffPassword(auth: BusinessPrincipal, id: number, password: string, now: Date) {
  const businessId = auth.businessId;
  await getStaffOrThrow(businessId, id);
  const passwordHash = await hashPassword(password);
  const staff = await db.$transaction(async (tx) => {
    const current = await getStaffOrThrow(businessId, id, tx);
    const updated = await tx.staffUser.update({ where: { id: current.id }, data: { passwordHash } });
    const revoked = await tx.session.updateMany({ where: { staffUserId: id, revokedAt: null }, data: { revokedAt: now } });
    await logActivity(
      {
        businessId,
        actor: auth.actor,
        action: "staff_password_reset",
        description: `Reset the password of the staff login "${current.username}"${revoked.count ? ` and signed it out of ${revoked.count} session${revoked.count === 1 ? "" : "s"}` : ""}`,
        tableName: "staff_users",
        recordId: id,
        oldValues: { passwordChangedAt: current.updatedAt.toISOString() },
        newValues: { passwordChangedAt: now.toISOString(), sessionsRevoked: revoked.count },
      },
      tx,
    );
    return updated;
  });
  return { message: "Staff password reset", staff: toStaffAccountDto(staff) };
}
