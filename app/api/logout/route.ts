import { publicRoute } from "@/lib/api/route";
import { forbidden } from "@/lib/errors/api-error";
import { clearSessionCookieHeader, revokeSession } from "@/lib/auth/session";

// GET /api/logout - end the session and go back to the sign-in page
// Issue 19: a link on another site must not sign anyone out (Sec-Fetch-Site: cross-site or
// same-site is refused; browsers send "same-origin" for our own links and "none" for a typed
// address or bookmark), and the Location is a path of our own origin, never built from
// X-Forwarded-Host or Host (a relative Location resolves against the address the browser used).
export const GET = publicRoute({}, async ({ req, auth }) => {
  const site = req.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") throw forbidden("Cross-site sign-out refused");
  if (auth) await revokeSession(auth.sessionId);
  const target = auth?.kind === "admin" ? "/admin-login" : auth?.kind === "staff" ? "/staff/login" : "/auth";
  return new Response(null, { status: 303, headers: { Location: target, "Set-Cookie": clearSessionCookieHeader(), "Cache-Control": "no-store" } });
});

// POST /api/logout - end the session (used by the maintenance screen; the wrapper refuses cross-site writes)
export const POST = publicRoute({}, async ({ auth }) => {
  if (auth) await revokeSession(auth.sessionId);
  return Response.json({ message: "Logged out" }, { headers: { "Set-Cookie": clearSessionCookieHeader() } });
});
