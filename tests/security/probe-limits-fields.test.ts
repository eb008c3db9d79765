/** @jest-environment node */
import { POST as login } from "@/app/api/auth/login/route";
import { POST as staffLogin } from "@/app/api/staff/login/route";
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { GET as activityLogs } from "@/app/api/business/activity-logs/route";
import { POST as createVouchers } from "@/app/api/promos/route";
import { POST as checkout } from "@/app/api/create-checkout-session/route";
import { GET as byMembership } from "@/app/api/customers/by-membership/[membershipNumber]/route";
import { GET as getCustomer } from "@/app/api/customers/[id]/route";
import { GET as staffCustomers } from "@/app/api/staff/customers/route";
import { db } from "@/lib/db";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { normaliseUkPhone } from "@/lib/validation/common";
import bcrypt from "bcryptjs";
import { call, freshIp } from "../helpers/http";
import { createBusinessSession, createStaffSession, randomMobile } from "../helpers/factories";
import { addCustomer, lastCodeTo } from "../helpers/customers";
import { voucherPayload } from "../integration/vouchers-fixtures";

// Issue 19, items 3, 4, 6, 7 and 8: lockout by strangers, code brute force, oversize ids, field
// exposure per audience, bcrypt's 72-byte limit.

describe("item 3: strangers cannot lock an account out", () => {
  it("51 wrong passwords from 51 addresses do not refuse the right password from a new address", async () => {
    const biz = await createBusinessSession();
    for (let i = 0; i < 51; i++) {
      const res = await call(login, { method: "POST", body: { email: biz.email, password: "wrong-password-1" } });
      expect(res.status).toBe(401);
    }
    const started = Date.now();
    const right = await call(login, { method: "POST", body: { email: biz.email, password: biz.password } });
    expect(right.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100); // slowed down, not refused
  });

  it("a browser that signed in before is not slowed; the address that guessed is stopped after 10", async () => {
    const biz = await createBusinessSession();
    const first = await call(login, { method: "POST", body: { email: biz.email, password: biz.password } });
    const device = /known-device=[^;]+/.exec(first.headers.get("set-cookie") ?? "")?.[0];
    expect(device).toBeDefined();
    for (let i = 0; i < 52; i++) await call(login, { method: "POST", body: { email: biz.email, password: "wrong-password-1" } });
    const started = Date.now();
    const known = await call(login, { method: "POST", body: { email: biz.email, password: biz.password }, headers: { cookie: device! } });
    expect(known.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);

    const ip = freshIp();
    const statuses: number[] = [];
    const headers = { cookie: device! }; // not slowed: the per-address limit is what is checked here
    for (let i = 0; i < 12; i++) statuses.push((await call(login, { method: "POST", ip, headers, body: { email: biz.email, password: "wrong-password-1" } })).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // ...and only that address: the owner elsewhere signs in.
    expect((await call(login, { method: "POST", body: { email: biz.email, password: biz.password } })).status).toBe(200);
  });

  it("the same holds for staff logins", async () => {
    const biz = await createBusinessSession();
    const staff = await db.staffUser.create({ data: { businessId: biz.businessId, username: `till-${Date.now()}`, passwordHash: await hashPassword("Till-passw0rd!") } });
    const body = (password: string) => ({ businessId: biz.businessId, username: staff.username, password });
    for (let i = 0; i < 51; i++) expect((await call(staffLogin, { method: "POST", body: body("wrong-password-1") })).status).toBe(401);
    expect((await call(staffLogin, { method: "POST", body: body("Till-passw0rd!") })).status).toBe(200);
  });
});

describe("item 4: reset codes have a daily budget per phone", () => {
  it("after 10 wrong reset codes in a day, even the right code is refused until tomorrow", async () => {
    const phone = randomMobile();
    const biz = await createBusinessSession({ phone });
    let wrong = 0;
    let t = Date.now();
    // Two codes' worth of wrong guesses (5 each), 31 s apart so the resend cooldown passes.
    for (let round = 0; round < 2; round++) {
      const at = { "x-test-now": new Date(t).toISOString() };
      const started = await call<{ token: string }>(forgotPassword, { method: "POST", body: { phone }, headers: at });
      expect(started.status).toBe(200);
      const code = await lastCodeTo(normaliseUkPhone(phone));
      for (let i = 1; i <= 5; i++) {
        const res = await call(resetPassword, {
          method: "POST",
          headers: at,
          body: { token: started.json.token, code: String((Number(code) + i) % 10_000).padStart(4, "0"), newPassword: "N3w-passw0rd!", confirmPassword: "N3w-passw0rd!" },
        });
        expect([400, 429]).toContain(res.status);
        wrong++;
      }
      t += 31_000;
    }
    expect(wrong).toBe(10);
    const at = { "x-test-now": new Date(t).toISOString() };
    const third = await call<{ token: string }>(forgotPassword, { method: "POST", body: { phone }, headers: at });
    expect(third.status).toBe(200);
    const right = await call(resetPassword, {
      method: "POST",
      headers: at,
      body: { token: third.json.token, code: await lastCodeTo(normaliseUkPhone(phone)), newPassword: "N3w-passw0rd!", confirmPassword: "N3w-passw0rd!" },
    });
    expect(right.status).toBe(429);
    expect(right.json).toMatchObject({ message: "Too many incorrect codes for this number today. Please try again tomorrow." });
    // The password did not change.
    expect((await call(login, { method: "POST", body: { email: biz.email, password: biz.password } })).status).toBe(200);
  });
});

describe("item 6: ids above int4 are a 400, never a 500", () => {
  it("activity-log cursor, voucher recipients and the reactivation checkout", async () => {
    const biz = await createBusinessSession();
    const logs = await call(activityLogs, { path: "/api/business/activity-logs?before=99999999999", cookie: biz.cookie });
    expect(logs.status).toBe(400);
    expect(logs.json).toMatchObject({ message: "before must be a log id" });
    const vouchers = await call(createVouchers, { method: "POST", cookie: biz.cookie, body: voucherPayload([99999999999]) });
    expect(vouchers.status).toBe(400);
    const reactivate = await call(checkout, { method: "POST", cookie: biz.cookie, body: { reactivateCustomerId: 99999999999 } });
    expect(reactivate.status).toBeLessThan(500);
    expect(reactivate.status).toBe(400);
    for (const id of ["99999999999", "2147483648", "1e3", "0x10", "-1", "1.5"]) {
      expect((await call(getCustomer, { path: `/api/customers/${id}`, params: { id }, cookie: biz.cookie })).status).toBe(400);
    }
  });
});

describe("item 7: each audience gets only its fields", () => {
  it("staff looking up a membership number get the customer's id and name only; the owner's scanner the full record", async () => {
    const biz = await createBusinessSession();
    const staff = await createStaffSession(biz.businessId);
    const c = await addCustomer(biz.cookie, { dateOfBirth: "1990-04-01" });
    const params = { membershipNumber: c.membershipNumber };
    const asStaff = await call(byMembership, { params, cookie: staff.cookie });
    expect(asStaff.status).toBe(200);
    expect(asStaff.json).toEqual({ id: c.id, name: c.name });
    const asOwner = await call<{ id: number; phone: string }>(byMembership, { params, cookie: biz.cookie });
    expect(asOwner.json).toMatchObject({ id: c.id, phone: c.phone });
    // The staff list: spec 3's staff customer list item, nothing more.
    const list = await call<Record<string, unknown>[]>(staffCustomers, { cookie: staff.cookie });
    for (const row of list.json) expect(Object.keys(row).sort()).toEqual(["email", "id", "lifetimeSpent", "membershipNumber", "name", "pointsBalance"]);
  });
});

describe("item 8: every byte of a long password counts", () => {
  it("a password differing only after byte 72 does not match; old plain-bcrypt hashes still work", async () => {
    const long = "a".repeat(72) + "X-rest-of-a-long-passphrase";
    const twin = "a".repeat(72) + "Y-rest-of-a-long-passphrase";
    const hash = await hashPassword(long);
    expect(await verifyPassword(long, hash)).toBe(true);
    expect(await verifyPassword(twin, hash)).toBe(false);
    const multibyte = "é".repeat(40); // 80 bytes
    expect(await verifyPassword("é".repeat(36) + "e".repeat(4), await hashPassword(multibyte))).toBe(false);
    const legacy = await bcrypt.hash("Legacy-passw0rd!", 4);
    expect(await verifyPassword("Legacy-passw0rd!", legacy)).toBe(true);
    expect(await verifyPassword("Legacy-passw0rd?", legacy)).toBe(false);
  });

  it("a staff login with an old hash signs in and gets the new kind of hash", async () => {
    const biz = await createBusinessSession();
    const staff = await db.staffUser.create({ data: { businessId: biz.businessId, username: `old-${Date.now()}`, passwordHash: await bcrypt.hash("Till-passw0rd!", 4) } });
    const body = { businessId: biz.businessId, username: staff.username, password: "Till-passw0rd!" };
    expect((await call(staffLogin, { method: "POST", body })).status).toBe(200);
    expect((await db.staffUser.findUniqueOrThrow({ where: { id: staff.id } })).passwordHash).toMatch(/^sha256\$/);
    expect((await call(staffLogin, { method: "POST", body })).status).toBe(200);
  });

  it("an owner with an old hash signs in and gets the new kind of hash", async () => {
    const biz = await createBusinessSession();
    await db.business.update({ where: { id: biz.businessId }, data: { passwordHash: await bcrypt.hash(biz.password, 4) } });
    expect((await call(login, { method: "POST", body: { email: biz.email, password: biz.password } })).status).toBe(200);
    expect((await db.business.findUniqueOrThrow({ where: { id: biz.businessId } })).passwordHash).toMatch(/^sha256\$/);
    expect((await call(login, { method: "POST", body: { email: biz.email, password: biz.password } })).status).toBe(200);
  });
});
