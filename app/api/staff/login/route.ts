import { json, publicRoute } from "@/lib/api/route";
import { revokeSession, sessionCookieHeader } from "@/lib/auth/session";
import { withLoginLimits } from "@/lib/auth/login-limits";
import { staffLoginSchema } from "@/lib/validation/staff";
import { loginStaff } from "@/lib/staff/login-staff";

// POST /api/staff/login - sign a staff member in with business ID, username and password
export const POST = publicRoute({ body: staffLoginSchema }, async ({ req, auth, body, now }) => {
  const account = `${body.businessId}:${body.username}`;
  const { value: { staff, session }, knownDeviceCookie } = await withLoginLimits("staff-login", req, account, now, () => loginStaff(body, now));
  if (auth) await revokeSession(auth.sessionId); // one session per browser: the new one replaces it
  return json({ message: "Login successful", staff }, 200, [
    ["Set-Cookie", sessionCookieHeader(session.cookieValue)],
    ["Set-Cookie", knownDeviceCookie],
  ]);
});
