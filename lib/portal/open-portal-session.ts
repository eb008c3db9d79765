import "server-only";
import { db } from "@/lib/db";
import { createSession, revokeSession, sessionCookieHeader } from "@/lib/auth/session";
import { PORTAL_SESSION_MINUTES } from "@/lib/validation/portal";

/** A short-lived portal session for an address whose control was just proven (scoped to one customer
 *  record when an emailed link opened it). It replaces the
 *  browser's previous session (one cookie per browser), which is ended. Returns the Set-Cookie value. */
export async function openPortalSession(email: string, previousSessionId: string | null, now = new Date(), onlyCustomerId?: number): Promise<string> {
  if (previousSessionId) await revokeSession(previousSessionId);
  const session = await createSession({ kind: "customer", customerEmail: email, ...(onlyCustomerId ? { customerId: onlyCustomerId } : {}) }, now);
  // The cookie outlives the row on purpose: the row's expiry is what counts (lib/auth/principal.ts).
  await db.session.update({ where: { id: session.id }, data: { expiresAt: new Date(now.getTime() + PORTAL_SESSION_MINUTES * 60_000) } });
  return sessionCookieHeader(session.cookieValue);
}
