/** @jest-environment node */
import { POST as signup } from "@/app/api/auth/signup/route";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { GET as logoutGet, POST as logoutPost } from "@/app/api/logout/route";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { createBusinessSession, randomMobile, signUpWithCode, signupPayload, TEST_PASSWORD } from "../helpers/factories";

describe("POST /api/auth/signup", () => {
  it("creates the business, hashes the password, signs the owner in with an httpOnly Lax cookie", async () => {
    const phone = randomMobile();
    const payload = signupPayload({ phone });
    const res = await signUpWithCode(payload);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ user: { businessName: payload.businessName, isFounderMember: false, adminMode: false } });
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^next-auth\.session-token=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const row = await db.business.findUniqueOrThrow({ where: { email: payload.email } });
    expect(row.passwordHash).not.toContain(TEST_PASSWORD);
    expect(row.passwordHash).toMatch(/^sha256\$\$2[aby]\$/); // a bcrypt hash of a SHA-256 pre-hash (issue 19)
    expect(row.phone).toBe(`+44${phone.slice(1)}`);
    expect(row.phoneVerifiedAt).not.toBeNull();
    expect(row.subscriptionStatus).toBe("pro_starter");
    expect(row.customerLimit).toBe(10);
    const activity = await db.activityLog.findFirst({ where: { businessId: row.id, action: "business_signup" } });
    expect(activity).not.toBeNull();

    const me = await call(currentUser, { cookie: res.cookie });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ businessName: payload.businessName, adminMode: false, isFounderMember: false });
  });

  it.each([
    [{ businessName: "A" }, "business name must be at least 2 characters"],
    [{ ownerFirstName: "J" }, "first name must be at least 2 characters"],
    [{ ownerLastName: "S" }, "last name must be at least 2 characters"],
    [{ email: "not-an-email" }, "please enter a valid email address"],
    [{ phone: "12345" }, "please enter a valid UK phone number"],
    [{ phone: "+1 555 123 4567" }, "please enter a valid UK phone number"],
    [{ businessAddress: "abc" }, "please enter a valid business address"],
    [{ password: "Ab1!", confirmPassword: "Ab1!" }, "password must be at least 8 characters long"],
    [{ password: "12345678!", confirmPassword: "12345678!" }, "password must contain at least one letter"],
    [{ password: "Password!", confirmPassword: "Password!" }, "password must contain at least one number"],
    [{ password: "Password1", confirmPassword: "Password1" }, "password must contain at least one special character"],
    [{ confirmPassword: "Different1!" }, "passwords don't match"],
    [{ acceptTerms: false }, "you must accept the terms and conditions to continue"],
  ])("rejects %j with the spec's message", async (override, message) => {
    const res = await call(signup, { method: "POST", body: signupPayload({ verificationCode: "1234", ...override }) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message, error: { code: "bad_request", message } });
  });

  it("accepts UK numbers written with spaces, +44 or a leading 0", async () => {
    const digits = randomMobile().slice(1); // "7xxxxxxxxx"
    for (const phone of [`+44 ${digits.slice(0, 4)} ${digits.slice(4)}`, `0${digits.slice(0, 3)}-${digits.slice(3, 6)} ${digits.slice(6)}`, "020 7946 0958".replace("0958", String(1000 + Math.floor(Math.random() * 8999)))]) {
      const res = await signUpWithCode(signupPayload({ phone }));
      expect(res.status).toBe(201);
    }
  });

  it("refuses a second account with the same email (any case) with a 409, but only once the code is verified", async () => {
    const first = signupPayload({ phone: randomMobile() });
    expect((await signUpWithCode(first)).status).toBe(201);
    const guessed = await call(signup, { method: "POST", body: { ...first, phone: randomMobile(), email: (first.email as string).toUpperCase(), verificationCode: "1234" } });
    expect(guessed.status).toBe(400); // no code was sent to that phone: nothing said about the email
    const again = await signUpWithCode({ ...first, phone: randomMobile(), email: (first.email as string).toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ message: "An account with this email already exists" });
  });

  it("answers 400, never 500, for bodies that are not JSON objects", async () => {
    for (const rawBody of ["{not json", "[]", "null", '"text"', "42"]) {
      const res = await call(signup, { method: "POST", rawBody, headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
      expect(typeof (res.json as { message: string }).message).toBe("string");
    }
    const wrongTypes = await call(signup, { method: "POST", body: { ...signupPayload(), businessName: 42, acceptTerms: "yes" } });
    expect(wrongTypes.status).toBe(400);
  });

  it("gives a 28-day trial to a business that signs up with a referral code", async () => {
    const referrer = await createBusinessSession();
    const { referralCode } = await db.business.findUniqueOrThrow({ where: { id: referrer.businessId } });
    const res = await signUpWithCode(signupPayload({ phone: randomMobile(), referralCode }));
    expect(res.status).toBe(201);
    const referred = await db.business.findUniqueOrThrow({ where: { id: res.json.user.id } });
    expect(referred.subscriptionStatus).toBe("trial");
    const days = (referred.trialEndsAt!.getTime() - referred.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(28);
    expect(await db.referral.count({ where: { referredBusinessId: referred.id, referrerBusinessId: referrer.businessId } })).toBe(1);
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password and returns a working session", async () => {
    const biz = await createBusinessSession();
    const res = await call(login, { method: "POST", body: { email: biz.email, password: biz.password } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ user: { businessName: biz.businessName } });
    expect((await call(currentUser, { cookie: res.cookie })).status).toBe(200);
  });

  it("refuses a wrong password or an unknown email with the spec's message (401)", async () => {
    const biz = await createBusinessSession();
    const wrong = await call(login, { method: "POST", body: { email: biz.email, password: "Wrong-pass1" } });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ message: "Invalid email or password" });
    const unknown = await call(login, { method: "POST", body: { email: "nobody@example.test", password: "Wrong-pass1" } });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toMatchObject({ message: "Invalid email or password" });
  });

  it("validates with the spec's messages and answers 400 to a body that is not JSON", async () => {
    const badEmail = await call(login, { method: "POST", body: { email: "x", password: "12345678" } });
    expect(badEmail.json).toMatchObject({ message: "please enter a valid email address" });
    const shortPassword = await call(login, { method: "POST", body: { email: "a@b.co", password: "123" } });
    expect(shortPassword.json).toMatchObject({ message: "password must be at least 8 characters" });
    const notJson = await call(login, { method: "POST", rawBody: "email=a&password=b", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(notJson.status).toBe(400);
    expect(notJson.json).toMatchObject({ error: { code: "bad_request" } });
  });

  it("blocks suspended accounts with a clear message and ends their open sessions", async () => {
    const biz = await createBusinessSession();
    await db.business.update({ where: { id: biz.businessId }, data: { accountStatus: "suspended" } });
    const res = await call(login, { method: "POST", body: { email: biz.email, password: biz.password } });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ message: "This account has been suspended. Please contact support." });
    expect((await call(currentUser, { cookie: biz.cookie })).status).toBe(401);
  });

  it("rate-limits repeated attempts for one email from one address (429 with Retry-After)", async () => {
    const biz = await createBusinessSession();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await call(login, { method: "POST", body: { email: biz.email, password: "Wrong-pass1" }, ip: "192.0.2.77" })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const blocked = await call(login, { method: "POST", body: { email: biz.email, password: biz.password }, ip: "192.0.2.77" });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("GET /api/auth/user and logout", () => {
  it("is 401 signed out and with a forged or garbage cookie", async () => {
    expect((await call(currentUser)).status).toBe(401);
    expect((await call(currentUser, { cookie: "next-auth.session-token=garbage" })).status).toBe(401);
    const res = await call(currentUser);
    expect(res.json).toMatchObject({ error: { code: "unauthorized" } });
  });

  it("GET /api/logout ends the session everywhere and redirects to the sign-in page", async () => {
    const biz = await createBusinessSession();
    const res = await call(logoutGet, { cookie: biz.cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/\/auth$/);
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    // The old cookie no longer works, even if a browser kept it.
    expect((await call(currentUser, { cookie: biz.cookie })).status).toBe(401);
  });

  it("POST /api/logout answers JSON and ends the session", async () => {
    const biz = await createBusinessSession();
    const res = await call(logoutPost, { method: "POST", cookie: biz.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ message: "Logged out" });
    expect((await call(currentUser, { cookie: biz.cookie })).status).toBe(401);
  });

  it("refuses cross-site writes by Origin", async () => {
    const res = await call(login, { method: "POST", body: { email: "a@b.co", password: "12345678" }, headers: { origin: "https://evil.example", host: "localhost" } });
    expect(res.status).toBe(403);
  });
});
