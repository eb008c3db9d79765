import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { appUrl, authSecret } from "@/lib/env";
import { ACCESS_LINK_TTL_DAYS } from "@/lib/validation/portal";

// Signed portal links for our own emails to a customer (welcome, vouchers, preferences): the link
// proves the reader controls that inbox, so it opens a portal session without a code. The token is
// stateless: "v1.<email, base64url>.<expiry, unix seconds>.<HMAC-SHA256>", keyed with the app
// secret and a purpose label so it can never be confused with another signed value.

const VERSION = "v1";
const PURPOSE = "portal-access";

function sign(email: string, exp: number): string {
  return createHmac("sha256", authSecret()).update(`${PURPOSE}:${VERSION}:${email}:${exp}`).digest("base64url");
}

export function createPortalAccessToken(email: string, now = new Date(), ttlDays = ACCESS_LINK_TTL_DAYS): string {
  const normalised = email.trim().toLowerCase();
  const exp = Math.floor(now.getTime() / 1000) + ttlDays * 86_400;
  return [VERSION, Buffer.from(normalised).toString("base64url"), String(exp), sign(normalised, exp)].join(".");
}

/** The address a token was issued for, or null when it is malformed, forged or expired. */
export function readPortalAccessToken(token: string, now = new Date()): string | null {
  const parts = token.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION || !/^\d{1,12}$/.test(parts[2])) return null;
  let email: string;
  try {
    email = Buffer.from(parts[1], "base64url").toString("utf8");
  } catch {
    return null;
  }
  const exp = Number(parts[2]);
  const expected = Buffer.from(sign(email, exp));
  const given = Buffer.from(parts[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (exp * 1000 <= now.getTime()) return null;
  return email;
}

/** An absolute link to a portal page that signs the reader in: /customer-portal or /customer-preferences. */
export function portalAccessUrl(email: string, path: "/customer-portal" | "/customer-preferences", now = new Date()): string {
  return `${appUrl()}${path}?access=${encodeURIComponent(createPortalAccessToken(email, now))}`;
}
