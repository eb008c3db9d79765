import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { PASSCODE_COOKIE, sessionCookieName, secureCookies } from "@/lib/auth/cookies";
import { passcodeEnabled, passcodeToken } from "@/lib/auth/passcode";
import { isMaintenanceMode } from "@/lib/settings/maintenance-flag";

// Edge of the app: the testing passcode gate, maintenance mode and coarse role gates for the
// route groups. Every group's layout and every API wrapper checks the session again on the server
// (a JWT here says what kind of session it was, not whether it is still valid).
// Next 16 calls this file "proxy.ts"; the design card names middleware.ts (docs/decisions.md).

export const config = {
  runtime: "nodejs",
  matcher: ["/((?!_next/static|_next/image|favicon.ico|.*\\.(?:png|jpg|jpeg|svg|ico|webp|woff2?|txt)$).*)"],
};

const BUSINESS_PAGES = ["/dashboard", "/onboarding", "/customers", "/transactions", "/points", "/loyalty-cards", "/vouchers", "/account", "/activity", "/billing"];
// Paths that must work without the passcode: vendors and phones call them, and the gate itself.
const PASSCODE_EXEMPT = ["/passcode", "/api/passcode", "/api/webhooks", "/api/cron", "/api/wallet", "/api/stripe"];
const MAINTENANCE_EXEMPT = ["/maintenance", "/admin-login", "/admin-dashboard", "/passcode", "/api"];

const startsWithAny = (path: string, prefixes: string[]) => prefixes.some((p) => path === p || path.startsWith(p + "/"));

// next-auth's own sign-in endpoints are unused (our JSON routes sign people in) and would be a
// second password check without the sign-in rate limit: closed.
const CLOSED_API = ["/api/auth/signin", "/api/auth/callback"];

export async function middleware(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const isApi = pathname.startsWith("/api/");

  if (startsWithAny(pathname, CLOSED_API)) {
    return NextResponse.json({ message: "Not found", error: { code: "not_found", message: "Not found" } }, { status: 404 });
  }

  if (passcodeEnabled() && !startsWithAny(pathname, PASSCODE_EXEMPT) && req.cookies.get(PASSCODE_COOKIE)?.value !== passcodeToken()) {
    if (isApi) return NextResponse.json({ message: "access restricted", error: { code: "unauthorized", message: "access restricted" } }, { status: 401 });
    const url = req.nextUrl.clone();
    url.pathname = "/passcode";
    url.search = `?next=${encodeURIComponent(pathname + search)}`;
    return NextResponse.rewrite(url);
  }
  if (isApi) return NextResponse.next();

  const token = await getToken({ req, secret: process.env.NEXTAUTH_SECRET ?? "dev-only-secret-change-me-0123456789abcdef", cookieName: sessionCookieName(), secureCookie: secureCookies() });
  const kind = typeof token?.kind === "string" ? token.kind : null;

  if (kind !== "admin" && !startsWithAny(pathname, MAINTENANCE_EXEMPT) && (await isMaintenanceMode())) {
    const url = req.nextUrl.clone();
    url.pathname = "/maintenance";
    return NextResponse.rewrite(url);
  }

  const redirect = (to: string) => NextResponse.redirect(new URL(to, req.url));
  if (startsWithAny(pathname, BUSINESS_PAGES) && kind !== "business" && kind !== "admin") return redirect("/auth");
  if (startsWithAny(pathname, ["/admin-dashboard"]) && kind !== "admin") return redirect("/admin-login");
  if (startsWithAny(pathname, ["/staff/dashboard"]) && kind !== "staff") return redirect("/staff/login");
  return NextResponse.next();
}
