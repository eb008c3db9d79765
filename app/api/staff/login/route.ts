import { json, publicRoute } from "@/lib/api/route";
import { revokeSession, sessionCookieHeader } from "@/lib/auth/session";
import { clientIp } from "@/lib/rate-limit";
import { enforceLoginLimits } from "@/lib/auth/login-limits";
import { staffLoginSchema } from "@/lib/validation/staff";
import { loginStaff } from "@/lib/staff/login-staff";

// POST /api/staff/login - sign a staff member in with business ID, username and password
export const POST = publicRoute({ body: staffLoginSchema }, async ({ req, auth, body, now }) => {
  await enforceLoginLimits("staff-login", clientIp(req), `${body.businessId}:${body.username}`, now);
  const { staff, session } = await loginStaff(body, now);
  if (auth) await revokeSession(auth.sessionId); // one session per browser: the new one replaces it
  return json({ message: "Login successful", staff }, 200, { "Set-Cookie": sessionCookieHeader(session.cookieValue) });
});
