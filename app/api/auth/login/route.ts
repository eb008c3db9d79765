import { publicRoute, json } from "@/lib/api/route";
import { loginSchema } from "@/lib/validation/auth";
import { loginBusiness } from "@/lib/auth/login-business";
import { sessionCookieHeader } from "@/lib/auth/session";
import { clientIp, enforceRateLimit } from "@/lib/rate-limit";

// POST /api/auth/login - sign a business owner in with email and password
export const POST = publicRoute({ body: loginSchema }, async ({ req, body, now }) => {
  const rule = { limit: 10, windowSeconds: 15 * 60, message: "Too many sign-in attempts. Please wait 15 minutes and try again." };
  await enforceRateLimit(`login:${clientIp(req)}:${body.email}`, rule, now);
  const { business, session } = await loginBusiness(body.email, body.password, now);
  return json(
    { user: { id: business.id, email: business.email, businessName: business.name, isFounderMember: business.isFounderMember, adminMode: false }, message: "Welcome back!" },
    200,
    { "Set-Cookie": sessionCookieHeader(session.cookieValue) },
  );
});
