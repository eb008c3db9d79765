import "server-only";
import { randomBytes } from "node:crypto";
import { decode, encode } from "next-auth/jwt";
import { db } from "@/lib/db";
import { authSecret } from "@/lib/env";
import { SESSION_MAX_AGE_SECONDS, sessionCookieName, secureCookies } from "@/lib/auth/cookies";

// Sessions: next-auth's JWT cookie (httpOnly, SameSite=Lax, Secure on https) carries the session
// id; the Session row in Postgres says who it is. Any instance can serve any request, and ending
// a session (logout, suspension) takes effect everywhere at once.

export type SessionKind = "business" | "staff" | "admin" | "customer";

export type NewSession = {
  kind: SessionKind;
  businessId?: number;
  staffUserId?: number;
  superAdminId?: number;
  customerEmail?: string;
  customerId?: number;
  actingBusinessId?: number;
};

export type SessionToken = { sid: string; kind: SessionKind };

export async function createSession(input: NewSession, now = new Date()): Promise<{ id: string; cookieValue: string }> {
  const id = randomBytes(24).toString("base64url");
  await db.session.create({
    data: { id, ...input, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000) },
  });
  const cookieValue = await encode({
    token: { sid: id, kind: input.kind, sub: id },
    secret: authSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return { id, cookieValue };
}

export async function readSessionToken(cookieValue: string | undefined): Promise<SessionToken | null> {
  if (!cookieValue) return null;
  try {
    const token = await decode({ token: cookieValue, secret: authSecret() });
    if (!token || typeof token.sid !== "string" || typeof token.kind !== "string") return null;
    return { sid: token.sid, kind: token.kind as SessionKind };
  } catch {
    return null;
  }
}

export async function revokeSession(id: string): Promise<void> {
  await db.session.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
}

export function sessionCookieHeader(cookieValue: string): string {
  const parts = [
    `${sessionCookieName()}=${cookieValue}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${SESSION_MAX_AGE_SECONDS}`,
  ];
  if (secureCookies()) parts.push("Secure");
  return parts.join("; ");
}

export function clearSessionCookieHeader(): string {
  const parts = [`${sessionCookieName()}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (secureCookies()) parts.push("Secure");
  return parts.join("; ");
}

export function readCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}
