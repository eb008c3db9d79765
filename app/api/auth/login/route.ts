import { publicRoute, json } from "@/lib/api/route";
import { loginSchema } from "@/lib/validation/auth";
import { loginBusiness } from "@/lib/auth/login-business";
import { sessionCookieHeader } from "@/lib/auth/session";
import { withLoginLimits } from "@/lib/auth/login-limits";

// POST /api/auth/login - sign a business owner in with email and password
export const POST = publicRoute({ body: loginSchema }, async ({ req, body, now }) => {
  const { value: { business, session }, knownDeviceCookie } = await withLoginLimits("login", req, body.email, now, () => loginBusiness(body.email, body.password, now));
  return json(
    { user: { id: business.id, email: business.email, businessName: business.name, isFounderMember: business.isFounderMember, adminMode: false }, message: "Welcome back!" },
    200,
    [
      ["Set-Cookie", sessionCookieHeader(session.cookieValue)],
      ["Set-Cookie", knownDeviceCookie],
    ],
  );
});
