import { json, publicRoute } from "@/lib/api/route";
import { clearSessionCookieHeader, revokeSession } from "@/lib/auth/session";

// POST /api/staff/logout - end the staff session (answers the same when there is none)
export const POST = publicRoute({}, async ({ auth }) => {
  if (auth?.kind !== "staff") return { message: "Logged out" };
  await revokeSession(auth.sessionId);
  return json({ message: "Logged out" }, 200, { "Set-Cookie": clearSessionCookieHeader() });
});
