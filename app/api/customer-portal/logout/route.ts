import { json, portalRoute } from "@/lib/api/route";
import { clearSessionCookieHeader, revokeSession } from "@/lib/auth/session";

// POST /api/customer-portal/logout - end the portal session
export const POST = portalRoute({}, async ({ auth }) => {
  await revokeSession(auth.sessionId);
  return json({ message: "Signed out" }, 200, { "Set-Cookie": clearSessionCookieHeader() });
});
