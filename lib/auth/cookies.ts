// Cookie names shared by the server code and middleware (middleware runs in the Node runtime here).
import { envNow } from "@/lib/env";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Secure (and __Secure- named) cookies whenever the app is served over HTTPS: an https app URL,
 *  or any production server except one that says it runs on this machine over plain HTTP (the
 *  end-to-end test server). A production deployment with its URL unset still gets Secure cookies. */
export function secureCookies(): boolean {
  const url = envNow("NEXTAUTH_URL") ?? envNow("APP_URL") ?? "";
  if (url.startsWith("https://")) return true;
  if (envNow("NODE_ENV") !== "production") return false;
  try {
    return !LOOPBACK.has(new URL(url).hostname);
  } catch {
    return true;
  }
}

export function sessionCookieName(): string {
  return `${secureCookies() ? "__Secure-" : ""}next-auth.session-token`;
}

export const PASSCODE_COOKIE = "passcode-ok";

// 7 days at most; idle sessions end much sooner on the server (lib/auth/principal.ts, issue 19).
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
