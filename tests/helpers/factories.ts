import { randomUUID } from "node:crypto";
import { POST as signup } from "@/app/api/auth/signup/route";
import { POST as sendSignupCode } from "@/app/api/auth/signup/send-code/route";
import { GET as lastSimulatedSms } from "@/app/api/test/last-simulated-sms/route";
import { call } from "./http";

// Test data made through the product's own routes, unique per call so tests never collide.

export const TEST_PASSWORD = "Passw0rd!";

export function signupPayload(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    businessName: `Test Café ${tag}`,
    ownerFirstName: "Testa",
    ownerLastName: "Owner",
    email: `owner-${tag}@example.test`,
    phone: "07700 900123",
    businessAddress: "1 High Street, Bristol BS1 1AA",
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    acceptTerms: true,
    emailMarketing: false,
    smsMarketing: false,
    ...overrides,
  };
}

/** Signs a new business up through the real flow (code texted to the phone, read from the
 *  simulated SMS outbox, sent with the sign-up) and returns its session cookie and ids.
 *  Without a phone override the sign-up verifies a fresh random mobile (codes are throttled per
 *  number), then the business gets the shared fixture number 07700 900123, unverified, which is
 *  what tests written before sign-up verified phones expect. With a phone override the business
 *  keeps that number, verified. */
export async function createBusinessSession(overrides: Record<string, unknown> = {}) {
  const keepPhone = overrides.phone !== undefined;
  const payload = signupPayload({ ...overrides, phone: keepPhone ? overrides.phone : randomMobile() });
  const res = await signUpWithCode(payload);
  if (res.status !== 201 || !res.cookie) throw new Error(`signup failed: ${res.status} ${res.text}`);
  const businessId = res.json.user.id;
  if (!keepPhone) {
    const { db } = await import("@/lib/db");
    await db.business.update({ where: { id: businessId }, data: { phone: "+447700900123", phoneVerifiedAt: null } });
  }
  return { cookie: res.cookie, businessId, email: payload.email as string, businessName: payload.businessName as string, password: TEST_PASSWORD };
}

/** POST /api/auth/signup/send-code, then POST /api/auth/signup with the texted code. */
export async function signUpWithCode(payload: Record<string, unknown>, opts: { headers?: Record<string, string> } = {}) {
  const sent = await call<{ phone: string }>(sendSignupCode, {
    method: "POST",
    path: "/api/auth/signup/send-code",
    body: { phone: payload.phone, email: payload.email, accessCode: payload.accessCode },
    headers: opts.headers,
  });
  if (sent.status !== 200) throw new Error(`send-code failed: ${sent.status} ${sent.text}`);
  const sms = await call<{ code: string }>(lastSimulatedSms, { path: `/api/test/last-simulated-sms?to=${encodeURIComponent(sent.json.phone)}` });
  if (sms.status !== 200) throw new Error(`no SMS to ${sent.json.phone}: ${sms.text}`);
  return call<{ user: { id: number; businessName: string } }>(signup, {
    method: "POST",
    path: "/api/auth/signup",
    body: { ...payload, verificationCode: sms.json.code },
    headers: opts.headers,
  });
}

/** A random UK mobile number, so parallel tests never share an SMS outbox entry. */
export function randomMobile(): string {
  return `07${7 + Math.floor(Math.random() * 3)}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
}

export function pendingCustomer(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    name: `Jamie Customer${tag}`,
    email: `jamie-${tag}@example.test`,
    phone: randomMobile(),
    marketingConsentEmail: true,
    marketingConsentSms: false,
    ...overrides,
  };
}

/** A staff login for the business and its session cookie (the staff login route comes later). */
export async function createStaffSession(businessId: number) {
  const { db } = await import("@/lib/db");
  const { createSession } = await import("@/lib/auth/session");
  const { sessionCookieName } = await import("@/lib/auth/cookies");
  const staff = await db.staffUser.create({ data: { businessId, username: `till-${randomUUID().slice(0, 6)}`, passwordHash: "not-used-in-this-test" } });
  const session = await createSession({ kind: "staff", staffUserId: staff.id, businessId });
  return { cookie: `${sessionCookieName()}=${session.cookieValue}`, staffUserId: staff.id };
}
