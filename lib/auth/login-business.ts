import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { hashPassword, needsRehash, verifyPassword } from "@/lib/auth/password";
import { createSession } from "@/lib/auth/session";
import { logActivity } from "@/lib/activity/log-activity";

const INVALID = "Invalid email or password";

/** Checks an owner's credentials and opens a session. Suspended and closed accounts are told why;
 *  deleted ones look like unknown emails. */
export async function loginBusiness(email: string, password: string, now = new Date()) {
  const business = await db.business.findUnique({ where: { email } });
  const ok = await verifyPassword(password, business?.passwordHash);
  if (!business || !ok || business.accountStatus === "deleted") throw new ApiError("unauthorized", INVALID);
  if (business.accountStatus === "suspended") {
    throw new ApiError("forbidden", "This account has been suspended. Please contact support.");
  }
  if (business.accountStatus === "closed") throw new ApiError("forbidden", "This account has been closed.");

  if (needsRehash(business.passwordHash)) {
    // An old plain-bcrypt hash: replaced by the pre-hashed kind now that we hold the password.
    await db.business.updateMany({ where: { id: business.id, passwordHash: business.passwordHash }, data: { passwordHash: await hashPassword(password) } });
  }
  const session = await createSession({ kind: "business", businessId: business.id }, now);
  await logActivity({
    businessId: business.id,
    actor: { type: "owner", id: business.id, name: `${business.ownerFirstName} ${business.ownerLastName}` },
    action: "login",
    description: "Owner signed in",
  });
  return { business, session };
}
