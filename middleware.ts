import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { PASSCODE_COOKIE, sessionCookieName, secureCookies } from "@/lib/auth/cookies";
import { passcodeEnabled, passcodeToken } from "@/lib/auth/passcode";
import { isMaintenanceMode, MAINTENANCE_EXEMPT_PAGES, PAGE_FLAG_MAX_AGE_MS } from "@/lib/settings/maintenance-flag";
import { log, requestIdFrom, REQUEST_ID_HEADER, scrub } from "@/lib/log";
import { contentSecurityPolicy, errorReportOrigin } from "@/lib/csp.mjs";
import { envNow, sessionSecretNow } from "@/lib/env";

// Edge of the app: the testing passcode gate, maintenance mode and coarse role gates for the
// route groups. Every group's layout and every API wrapper checks the session again on the server
// (a JWT here says what kind of session it was, not whether it is still valid).
// Next 16 calls this file "proxy.ts"; the design card names middleware.ts (docs/decisions.md).

export const config = {
  runtime: "nodejs",
  matcher: ["/((?!_next/static|_next/image|favicon.ico|.*\\.(?:png|jpg|jpeg|svg|ico|webp|woff2?|txt|webmanifest|wasm)$).*)"],
};

const BUSINESS_PAGES = ["/dashboard", "/onboarding", "/customers", "/transactions", "/points", "/loyalty-cards", "/vouchers", "/account", "/activity", "/billing", "/automations", "/insights"]; // automations, insights: issue 25
// Paths that must work without the passcode: vendors and phones call them, and the gate itself.
const PASSCODE_EXEMPT = ["/passcode", "/api/passcode", "/api/webhooks", "/api/cron", "/api/wallet", "/api/stripe", "/api/health", "/api/v1"]; // /api/v1: tills authenticate with API keys (issue 27)
// APIs check maintenance in their wrappers (lib/api/route.ts); pages here.
const MAINTENANCE_EXEMPT = [...MAINTENANCE_EXEMPT_PAGES, "/api"];

const startsWithAny = (path: string, prefixes: string[]) => prefixes.some((p) => path === p || path.startsWith(p + "/"));

// next-auth's own sign-in endpoints are unused (our JSON routes sign people in) and would be a
// second password check without the sign-in rate limit: closed.
const CLOSED_API = ["/api/auth/signin", "/api/auth/callback"];

/** The path as the router will see it (issue 19): percent-decoded (repeatedly), with "." and ".."
 *  segments resolved and repeated or trailing slashes dropped, so "/api/auth/%73ignin" or
 *  "/api//auth/./signin/" meet the same checks as "/api/auth/signin". */
export function normalisedPath(raw: string): string {
  let path = raw;
  for (let i = 0; i < 3; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  const out: string[] = [];
  for (const seg of path.replace(/\\/g, "/").split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") out.pop();
    else out.push(seg);
  }
  return "/" + out.join("/");
}

/** One request id per request, taken from the caller (a load balancer) or made here, passed on to the
 *  page or route handler (which logs with it) and returned to the client. */
export async function middleware(req: NextRequest) {
  const started = performance.now();
  const requestId = requestIdFrom(req.headers);
  const res = await gate(req, requestId);
  if (!res.headers.has(REQUEST_ID_HEADER)) res.headers.set(REQUEST_ID_HEADER, requestId);
  // API calls answered here (passcode gate, closed next-auth endpoints) get their log line here; the
  // rest are logged by their route wrapper. The path is scrubbed: it is as called, not as written.
  if (req.nextUrl.pathname.startsWith("/api/") && res.headers.get("x-middleware-next") !== "1") {
    log.info({ requestId, audience: "middleware", method: req.method, route: scrub(req.nextUrl.pathname), status: res.status, durationMs: Math.round(performance.now() - started) }, "request");
  }
  return res;
}

/** Continue to the page or handler with the request id in the request's headers, and for pages the
 *  CSP with this request's nonce (Next reads the nonce from it and puts it on its scripts). */
function next(req: NextRequest, requestId: string, csp: string | null = null) {
  return NextResponse.next({ request: { headers: forwarded(req, requestId, csp) } });
}

function forwarded(req: NextRequest, requestId: string, csp: string | null): Headers {
  const headers = new Headers(req.headers);
  headers.set(REQUEST_ID_HEADER, requestId);
  if (csp) headers.set("content-security-policy", csp);
  return headers;
}

/** Issue 19: pages get a CSP with a fresh nonce instead of 'unsafe-inline' scripts (lib/csp.mjs). */
// Exception to "every environment read goes through lib/env.ts": NEXT_PUBLIC_* values are inlined at
// build, like the client code this policy must allow (the Maps loader, browser error reports).
const CLIENT_BUILD = {
  maps: Boolean(process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY),
  reportOrigin: errorReportOrigin(process.env.NEXT_PUBLIC_SENTRY_DSN),
};

function pageCsp(): string {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  return contentSecurityPolicy({ nonce, production: envNow("NODE_ENV") === "production", ...CLIENT_BUILD });
}

function withCsp(res: NextResponse, csp: string | null): NextResponse {
  if (csp) res.headers.set("Content-Security-Policy", csp);
  return res;
}

async function gate(req: NextRequest, requestId: string): Promise<NextResponse> {
  const { search } = req.nextUrl;
  const pathname = normalisedPath(req.nextUrl.pathname);
  const isApi = pathname.startsWith("/api/");
  const csp = isApi ? null : pageCsp();

  if (startsWithAny(pathname.toLowerCase(), CLOSED_API)) {
    return NextResponse.json({ message: "Not found", error: { code: "not_found", message: "Not found" } }, { status: 404 });
  }

  if (passcodeEnabled() && !startsWithAny(pathname, PASSCODE_EXEMPT) && req.cookies.get(PASSCODE_COOKIE)?.value !== passcodeToken()) {
    if (isApi) return NextResponse.json({ message: "access restricted", error: { code: "unauthorized", message: "access restricted" } }, { status: 401 });
    const url = req.nextUrl.clone();
    url.pathname = "/passcode";
    url.search = `?next=${encodeURIComponent(pathname + search)}`;
    return withCsp(NextResponse.rewrite(url, { request: { headers: forwarded(req, requestId, csp) } }), csp);
  }
  if (isApi) return next(req, requestId);

  const token = await getToken({ req, secret: sessionSecretNow(), cookieName: sessionCookieName(), secureCookie: secureCookies() });
  const kind = typeof token?.kind === "string" ? token.kind : null;

  if (kind !== "admin" && !startsWithAny(pathname, MAINTENANCE_EXEMPT) && (await isMaintenanceMode(PAGE_FLAG_MAX_AGE_MS))) {
    const url = req.nextUrl.clone();
    url.pathname = "/maintenance";
    return withCsp(NextResponse.rewrite(url, { request: { headers: forwarded(req, requestId, csp) } }), csp);
  }

  const redirect = (to: string) => NextResponse.redirect(new URL(to, req.url));
  if (startsWithAny(pathname, BUSINESS_PAGES) && kind !== "business" && kind !== "admin") return redirect("/auth");
  if (startsWithAny(pathname, ["/admin-dashboard"]) && kind !== "admin") return redirect("/admin-login");
  if (startsWithAny(pathname, ["/staff/dashboard"]) && kind !== "staff") return redirect("/staff/login");
  return withCsp(next(req, requestId, csp), csp);
}
