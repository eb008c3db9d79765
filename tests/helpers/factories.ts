import { randomUUID } from "node:crypto";
import { POST as signup } from "@/app/api/auth/signup/route";
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

/** Signs a new business up and returns its session cookie and ids. */
export async function createBusinessSession(overrides: Record<string, unknown> = {}) {
  const payload = signupPayload(overrides);
  const res = await call<{ user: { id: number; businessName: string } }>(signup, { method: "POST", path: "/api/auth/signup", body: payload });
  if (res.status !== 201 || !res.cookie) throw new Error(`signup failed: ${res.status} ${res.text}`);
  return { cookie: res.cookie, businessId: res.json.user.id, email: payload.email as string, businessName: payload.businessName as string, password: TEST_PASSWORD };
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
