import { NextResponse, type NextRequest } from "next/server";
import { publicRoute } from "@/lib/api/route";
import { clearSessionCookieHeader, revokeSession } from "@/lib/auth/session";

// GET /api/logout - end the session and go back to the sign-in page
export const GET = publicRoute({}, async ({ req, auth }) => {
  if (auth) await revokeSession(auth.sessionId);
  const target = auth?.kind === "admin" ? "/admin-login" : auth?.kind === "staff" ? "/staff/login" : "/auth";
  const res = NextResponse.redirect(new URL(target, baseUrl(req)), 303);
  res.headers.set("Set-Cookie", clearSessionCookieHeader());
  return res;
});

// POST /api/logout - end the session (used by the maintenance screen)
export const POST = publicRoute({}, async ({ auth }) => {
  if (auth) await revokeSession(auth.sessionId);
  return Response.json({ message: "Logged out" }, { headers: { "Set-Cookie": clearSessionCookieHeader() } });
});

function baseUrl(req: NextRequest): string {
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  const proto = req.headers.get("x-forwarded-proto") ?? req.nextUrl.protocol.replace(":", "");
  return host ? `${proto}://${host}` : req.nextUrl.origin;
}
