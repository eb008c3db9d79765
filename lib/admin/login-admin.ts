import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { hashPassword, rehashIfOld, verifyPassword } from "@/lib/auth/password";
import { createSession } from "@/lib/auth/session";
import { logActivity } from "@/lib/activity/log-activity";
import { envNow } from "@/lib/env";

const INVALID = "Invalid credentials";

/** The first admin comes from SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD (the seed upserts it; this
 *  covers a deployment that was never seeded). Only when no admin has that email yet: the stored
 *  password is never overwritten from here. */
async function ensureFirstAdmin(email: string): Promise<void> {
  const envEmail = envNow("SUPER_ADMIN_EMAIL")?.trim().toLowerCase();
  const envPassword = envNow("SUPER_ADMIN_PASSWORD");
  if (!envEmail || !envPassword || envEmail !== email) return;
  if (await db.superAdmin.findUnique({ where: { email }, select: { id: true } })) return;
  await db.superAdmin.createMany({ data: [{ email, name: "Super Admin", passwordHash: await hashPassword(envPassword) }], skipDuplicates: true });
}

/** Checks a super admin's credentials and opens an admin session. */
export async function loginAdmin(email: string, password: string, now = new Date()) {
  await ensureFirstAdmin(email);
  const admin = await db.superAdmin.findUnique({ where: { email } });
  const ok = await verifyPassword(password, admin?.passwordHash);
  if (!admin || !ok) throw new ApiError("unauthorized", INVALID);
  const session = await createSession({ kind: "admin", superAdminId: admin.id }, now);
  // An old plain-bcrypt hash is replaced by the pre-hashed kind (issue 19, lib/auth/password.ts).
  await db.superAdmin.update({ where: { id: admin.id }, data: { lastLoginAt: now, ...(await rehashIfOld(password, admin.passwordHash)) } });
  await logActivity({ businessId: null, actor: { type: "admin", id: admin.id, name: admin.name || admin.email }, action: "admin_login", description: `Super admin ${admin.email} signed in` });
  return { admin, session };
}
