/** @jest-environment node */
import { GET as listStaff, POST as createStaff } from "@/app/api/business/staff/route";
import { DELETE as removeStaff } from "@/app/api/business/staff/[id]/route";
import { PUT as resetPassword } from "@/app/api/business/staff/[id]/password/route";
import { GET as getUser } from "@/app/api/auth/user/route";
import { db } from "@/lib/db";
import { createSession } from "@/lib/auth/session";
import { verifyPassword } from "@/lib/auth/password";
import { resolvePrincipal } from "@/lib/auth/principal";
import type { StaffAccountDto, StaffListDto } from "@/lib/staff/staff-dto";
import { USERNAME_TAKEN } from "@/lib/staff/create-staff-account";
import { USERNAME_MESSAGE } from "@/lib/validation/staff-accounts";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession, createStaffSession } from "../helpers/factories";

const STAFF_PASSWORD = "Till-pass1";
const create = (cookie: string, body: Record<string, unknown>) =>
  call<{ message: string; staff: StaffAccountDto }>(createStaff, { method: "POST", cookie, path: "/api/business/staff", body });
const reset = (cookie: string, id: number | string, password: unknown) =>
  call<{ message: string; staff: StaffAccountDto }>(resetPassword, { method: "PUT", cookie, params: { id: String(id) }, body: { password } });
const remove = (cookie: string, id: number | string) => call(removeStaff, { method: "DELETE", cookie, params: { id: String(id) } });

async function staffSessionFor(businessId: number, staffUserId: number) {
  const session = await createSession({ kind: "staff", staffUserId, businessId });
  return { id: session.id, cookieValue: session.cookieValue };
}

describe("staff logins", () => {
  it("creates a login, lists it with the staff login link, and never answers the password hash", async () => {
    const biz = await createBusinessSession();
    const res = await create(biz.cookie, { username: "till.one", password: STAFF_PASSWORD });
    expect(res.status).toBe(201);
    expect(res.json.message).toBe("Staff login created");
    expect(res.json.staff).toEqual({ id: expect.any(Number), username: "till.one", createdAt: expect.any(String), updatedAt: expect.any(String), lastLoginAt: null });
    const row = await db.staffUser.findUniqueOrThrow({ where: { id: res.json.staff.id } });
    expect(row.businessId).toBe(biz.businessId);
    expect(await verifyPassword(STAFF_PASSWORD, row.passwordHash)).toBe(true);

    const list = await call<StaffListDto>(listStaff, { cookie: biz.cookie });
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ businessId: biz.businessId, loginPath: `/staff/login?business=${biz.businessId}`, staff: [res.json.staff] });
    expect(list.text).not.toContain("passwordHash");

    const log = await db.activityLog.findFirstOrThrow({ where: { businessId: biz.businessId, action: "staff_account_created" } });
    expect(log).toMatchObject({ tableName: "staff_users", recordId: String(res.json.staff.id), newValues: { username: "till.one" } });
    expect(JSON.stringify(log)).not.toContain(STAFF_PASSWORD);
  });

  it("keeps usernames unique within the business whatever the case, but another business may use the same one", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    expect((await create(a.cookie, { username: "Barista_1", password: STAFF_PASSWORD })).status).toBe(201);
    const dup = await create(a.cookie, { username: "barista_1", password: STAFF_PASSWORD });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe(USERNAME_TAKEN);
    expect((await create(b.cookie, { username: "Barista_1", password: STAFF_PASSWORD })).status).toBe(201);
  });

  it.each([
    [{ username: "", password: STAFF_PASSWORD }, "Username is required"],
    [{ password: STAFF_PASSWORD }, "Username is required"],
    [{ username: "ab", password: STAFF_PASSWORD }, USERNAME_MESSAGE],
    [{ username: "a".repeat(41), password: STAFF_PASSWORD }, USERNAME_MESSAGE],
    [{ username: "till one", password: STAFF_PASSWORD }, USERNAME_MESSAGE],
    [{ username: "till<script>", password: STAFF_PASSWORD }, USERNAME_MESSAGE],
    [{ username: "till1", password: "short1!" }, "password must be at least 8 characters long"],
    [{ username: "till1", password: "12345678!" }, "password must contain at least one letter"],
    [{ username: "till1", password: "password!" }, "password must contain at least one number"],
    [{ username: "till1", password: "password1" }, "password must contain at least one special character"],
  ])("refuses %j with a readable message", async (body, message) => {
    const biz = await createBusinessSession();
    const res = await create(biz.cookie, body);
    expectRefusal(res, 400, message);
  });

  it("resets a password, signs that staff member out everywhere and leaves other staff signed in", async () => {
    const biz = await createBusinessSession();
    const created = await create(biz.cookie, { username: "saturday", password: STAFF_PASSWORD });
    const other = await create(biz.cookie, { username: "sunday", password: STAFF_PASSWORD });
    const s1 = await staffSessionFor(biz.businessId, created.json.staff.id);
    const s2 = await staffSessionFor(biz.businessId, other.json.staff.id);
    expect(await resolvePrincipal(s1.cookieValue)).toMatchObject({ kind: "staff" });

    const res = await reset(biz.cookie, created.json.staff.id, "N3w-password");
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Staff password reset");
    const row = await db.staffUser.findUniqueOrThrow({ where: { id: created.json.staff.id } });
    expect(await verifyPassword("N3w-password", row.passwordHash)).toBe(true);
    expect(await verifyPassword(STAFF_PASSWORD, row.passwordHash)).toBe(false);
    expect(await resolvePrincipal(s1.cookieValue)).toBeNull();
    expect(await resolvePrincipal(s2.cookieValue)).toMatchObject({ kind: "staff", staffUserId: other.json.staff.id });
    const log = await db.activityLog.findFirstOrThrow({ where: { businessId: biz.businessId, action: "staff_password_reset" } });
    expect(log.newValues).toMatchObject({ sessionsRevoked: 1 });

    const weak = await reset(biz.cookie, created.json.staff.id, "weak");
    expect(weak.status).toBe(400);
    expect(weak.json.message).toBe("password must be at least 8 characters long");
  });

  it("removes a login and its sessions", async () => {
    const biz = await createBusinessSession();
    const created = await create(biz.cookie, { username: "leaver", password: STAFF_PASSWORD });
    const session = await staffSessionFor(biz.businessId, created.json.staff.id);
    const res = await remove(biz.cookie, created.json.staff.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: "Staff login removed", id: created.json.staff.id });
    expect(await db.staffUser.count({ where: { id: created.json.staff.id } })).toBe(0);
    expect(await resolvePrincipal(session.cookieValue)).toBeNull();
    expect((await call<StaffListDto>(listStaff, { cookie: biz.cookie })).json.staff).toEqual([]);
    const log = await db.activityLog.findFirstOrThrow({ where: { businessId: biz.businessId, action: "staff_account_removed" } });
    expect(log.oldValues).toMatchObject({ username: "leaver" });
    // gone means gone
    expect((await remove(biz.cookie, created.json.staff.id)).status).toBe(404);
  });

  it("answers 404 for another business's staff ids and leaves them untouched", async () => {
    const owner = await createBusinessSession();
    const attacker = await createBusinessSession();
    const created = await create(owner.cookie, { username: "victim", password: STAFF_PASSWORD });
    const id = created.json.staff.id;
    const session = await staffSessionFor(owner.businessId, id);

    const r1 = await reset(attacker.cookie, id, "Hijack3d!");
    expect(r1.status).toBe(404);
    expect(r1.json.message).toBe("Staff login not found");
    const r2 = await remove(attacker.cookie, id);
    expect(r2.status).toBe(404);
    expect(r2.json.message).toBe("Staff login not found");
    expect((await remove(attacker.cookie, 999_999_999)).status).toBe(404);
    expect((await call<StaffListDto>(listStaff, { cookie: attacker.cookie })).json.staff).toEqual([]);

    const row = await db.staffUser.findUniqueOrThrow({ where: { id } });
    expect(await verifyPassword(STAFF_PASSWORD, row.passwordHash)).toBe(true);
    expect(await resolvePrincipal(session.cookieValue)).not.toBeNull();
    expect(await db.activityLog.count({ where: { businessId: attacker.businessId, action: { startsWith: "staff_" } } })).toBe(0);
  });

  it("refuses bad ids, no session, and staff managing staff", async () => {
    const biz = await createBusinessSession();
    const bad = await remove(biz.cookie, "abc");
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("Invalid id");
    expect((await call(listStaff, {})).status).toBe(401);
    const staff = await createStaffSession(biz.businessId);
    expect((await call(listStaff, { cookie: staff.cookie })).status).toBe(401);
    expect((await create(staff.cookie, { username: "sneaky", password: STAFF_PASSWORD })).status).toBe(401);
    // the owner's own session is not affected by any of this
    expect((await call(getUser, { cookie: biz.cookie })).status).toBe(200);
  });
});
