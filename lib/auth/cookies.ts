// Cookie names shared by the server code and middleware (no server-only import: middleware uses it).
export function secureCookies(): boolean {
  return (process.env.NEXTAUTH_URL ?? process.env.APP_URL ?? "").startsWith("https://");
}

export function sessionCookieName(): string {
  return `${secureCookies() ? "__Secure-" : ""}next-auth.session-token`;
}

export const PASSCODE_COOKIE = "passcode-ok";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 7; // 7 days; the UI signs out after 5 idle minutes
