import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { rehashIfOld, verifyPassword } from "@/lib/auth/password";
import { createSession } from "@/lib/auth/session";
import { logActivity } from "@/lib/activity/log-activity";
import type { StaffLoginValues } from "@/lib/validation/staff";

export const INVALID_STAFF_LOGIN = "Invalid business ID, username or password";

/** Checks a staff member's credentials (business ID + username + password, spec 3 section 6) and
 *  opens a staff session. A wrong ID, username or password all read the same; a suspended or closed
 *  business is told why once the password is right; a deleted one reads like a wrong ID. */
export async function loginStaff(input: StaffLoginValues, now = new Date()) {
  const staff = await db.staffUser.findUnique({
    where: { businessId_username: { businessId: input.businessId, username: input.username } },
    include: { business: { select: { id: true, name: true, accountStatus: true } } },
  });
  const ok = await verifyPassword(input.password, staff?.passwordHash);
  if (!staff || !ok || staff.business.accountStatus === "deleted") throw new ApiError("unauthorized", INVALID_STAFF_LOGIN);
  if (staff.business.accountStatus === "suspended") throw new ApiError("forbidden", "This business account has been suspended. Please contact the business owner.");
  if (staff.business.accountStatus === "closed") throw new ApiError("forbidden", "This business account has been closed.");

  const session = await createSession({ kind: "staff", staffUserId: staff.id, businessId: staff.businessId }, now);
  // An old plain-bcrypt hash is replaced by the pre-hashed kind (issue 19, lib/auth/password.ts).
  await db.staffUser.update({ where: { id: staff.id }, data: { lastLoginAt: now, ...(await rehashIfOld(input.password, staff.passwordHash)) } });
  await logActivity({ businessId: staff.businessId, actor: { type: "staff", id: staff.id, name: staff.username }, action: "staff_login", description: `Staff member ${staff.username} signed in` });
  return { staff: { id: staff.id, username: staff.username, businessId: staff.businessId, businessName: staff.business.name }, session };
}
