import { publicRoute, json } from "@/lib/api/route";
import { adminLoginSchema } from "@/lib/validation/admin";
import { loginAdmin } from "@/lib/admin/login-admin";
import { sessionCookieHeader } from "@/lib/auth/session";
import { withLoginLimits } from "@/lib/auth/login-limits";

// POST /api/admin/login - sign a super admin in with email and password (replaces any session in this browser)
export const POST = publicRoute({ body: adminLoginSchema }, async ({ req, body, now }) => {
  const { value: { admin, session }, knownDeviceCookie } = await withLoginLimits("admin-login", req, body.email, now, () => loginAdmin(body.email, body.password, now));
  return json(
    { admin: { id: admin.id, email: admin.email, name: admin.name }, message: "Welcome back!", redirectUrl: "/admin-dashboard" },
    200,
    [
      ["Set-Cookie", sessionCookieHeader(session.cookieValue)],
      ["Set-Cookie", knownDeviceCookie],
    ],
  );
});
