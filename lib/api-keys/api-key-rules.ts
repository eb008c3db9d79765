import { createHash, randomBytes } from "node:crypto";
import { API_KEY_SCOPES, type ApiKeyScope } from "@/lib/validation/api-keys";

// API keys (issue 27). Rules, stated once:
// - A key is "ll_" + 43 characters of base64url from 32 random bytes (256 bits): guessing one is
//   hopeless, so a plain SHA-256 of the key is a safe lookup hash (no salt or slow hash needed:
//   those protect low-entropy passwords). Only the hash and the first characters are stored; the
//   key itself is shown once, when it is created or rotated.
// - Scope "read" may call GET endpoints; "write" may call every endpoint (it includes read).
// - A revoked key is refused at once on every instance: each call reads the key's row (no cache).

export { API_KEY_SCOPES, type ApiKeyScope };

const KEY_PREFIX = "ll_";
const KEY_PATTERN = /^ll_[A-Za-z0-9_-]{43}$/;
/** How many leading characters of a key the list shows ("ll_Ab3dE6gH"). */
export const SHOWN_PREFIX_LENGTH = 11;

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = KEY_PREFIX + randomBytes(32).toString("base64url");
  return { key, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), hash: hashApiKey(key) };
}

export const hashApiKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

/** The key in `Authorization: Bearer <key>`, or null when the header is missing or is not one of ours. */
export function bearerKey(header: string | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match || !KEY_PATTERN.test(match[1])) return null;
  return match[1];
}

/** GET/HEAD/OPTIONS read; everything else writes. */
export const scopeNeeded = (method: string): ApiKeyScope => (["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase()) ? "read" : "write");

export const scopeAllows = (held: string, needed: ApiKeyScope) => held === "write" || held === needed;

/** Calls per key per minute (the database-backed fixed window shared by every instance). */
export const API_KEY_RATE_LIMIT = { limit: 600, windowSeconds: 60 };

export const API_KEY_MESSAGES = {
  missing: "Missing API key: send it as 'Authorization: Bearer <key>'",
  invalid: "Invalid or revoked API key",
  scope: "This API key is read-only: a write key is needed for this request",
  blocked: "This business's account is not active",
} as const;
