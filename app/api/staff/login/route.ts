import { json, publicRoute } from "@/lib/api/route";
import { revokeSession, sessionCookieHeader } from "@/lib/auth/session";
import { clientIp, enforceRateLimit } from "@/lib/rate-limit";
import { staffLoginSchema } from "@/lib/validation/staff";
import { loginStaff } from "@/lib/staff/login-staff";

const RULE = { limit: 10, windowSeconds: 15 * 60, message: "Too many sign-in attempts. Please wait 15 minutes and try again." };

// POST /api/staff/login - sign a staff member in with business ID, username and password
export const POST = publicRoute({ body: staffLoginSchema }, async ({ req, auth, body, now }) => {
  const ip = clientIp(req);
  await enforceRateLimit(`staff-login:${ip}`, { ...RULE, limit: 30 }, now);
  await enforceRateLimit(`staff-login:${ip}:${body.businessId}:${body.username.toLowerCase()}`, RULE, now);
  const { staff, session } = await loginStaff(body, now);
  if (auth) await revokeSession(auth.sessionId); // one session per browser: the new one replaces it
  return json({ message: "Login successful", staff }, 200, { "Set-Cookie": sessionCookieHeader(session.cookieValue) });
});
