import { randomUUID } from "node:crypto";
import { POST as adminLogin } from "@/app/api/admin/login/route";
import { hashPassword } from "@/lib/auth/password";
import { db } from "@/lib/db";
import { call } from "../helpers/http";

// A real super admin signed in through POST /api/admin/login.

export const ADMIN_PASSWORD = "Adm1n-pass!";

export async function createAdmin(name = "Ada Admin") {
  const email = `admin-${randomUUID().slice(0, 8)}@example.test`;
  const admin = await db.superAdmin.create({ data: { email, name, passwordHash: await hashPassword(ADMIN_PASSWORD) } });
  return { id: admin.id, email, name };
}

export async function adminSession(name?: string) {
  const admin = await createAdmin(name);
  const res = await call(adminLogin, { method: "POST", path: "/api/admin/login", body: { email: admin.email, password: ADMIN_PASSWORD } });
  if (res.status !== 200 || !res.cookie) throw new Error(`admin login failed: ${res.status} ${res.text}`);
  return { ...admin, cookie: res.cookie };
}
