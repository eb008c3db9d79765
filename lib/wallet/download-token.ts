import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/env";

// Wallet download links are addressed by membership number, which is printed on the card and so is
// not a secret. Each link therefore carries an HMAC of what it opens: only the server can make one,
// and one customer's link says nothing about another's.

export type DownloadPurpose = "apple-pass" | "google-save";

export function walletDownloadToken(purpose: DownloadPurpose, ...parts: string[]): string {
  return createHmac("sha256", authSecret()).update(["wallet-download", purpose, ...parts].join("\n")).digest("base64url").slice(0, 32);
}

export function isValidDownloadToken(given: string | null | undefined, purpose: DownloadPurpose, ...parts: string[]): boolean {
  return Boolean(given) && safeEqual(given!, walletDownloadToken(purpose, ...parts));
}

/** Constant-time string comparison (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
