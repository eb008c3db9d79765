import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import type { ZodType } from "zod";
import { ApiError, badRequest, forbidden, toApiError, toErrorResponse, unauthorized } from "@/lib/errors/api-error";
import { log, reportServerError, requestIdFrom, REQUEST_ID_HEADER } from "@/lib/log";
import { isMaintenanceMode, isUnder, MAINTENANCE_EXEMPT_API, MAINTENANCE_MESSAGE } from "@/lib/settings/maintenance-flag";
import { readCookie } from "@/lib/auth/session";
import { sessionCookieName } from "@/lib/auth/cookies";
import {
  asBusinessPrincipal,
  resolvePrincipal,
  type AdminPrincipal,
  type BusinessPrincipal,
  type CustomerPrincipal,
  type Principal,
  type StaffPrincipal,
} from "@/lib/auth/principal";
import { requestNow } from "@/lib/clock";
import { envNow } from "@/lib/env";
import { withNoStore } from "@/lib/api/cache-control";
import { authorizeApiKeyCall, resolveApiKey, type ApiKeyPrincipal } from "@/lib/api-keys/resolve-api-key";
import { logApiCall } from "@/lib/api-keys/log-api-call";

// One wrapper per audience. Each resolves who is calling, refuses the wrong audience, parses
// params/query/body with zod, and turns every thrown error into the one JSON error shape.
// Handlers return plain data (sent as 200 JSON) or a Response.

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type Schema<T> = ZodType<T>;

export type RouteSpec<P, Q, B> = { params?: Schema<P>; query?: Schema<Q>; body?: Schema<B>; maxBodyBytes?: number };

export type HandlerInput<A, P, Q, B> = { req: NextRequest; auth: A; params: P; query: Q; body: B; now: Date };

type Resolver<A> = (req: NextRequest, now: Date) => Promise<A>;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const DEFAULT_MAX_BODY = 100_000;

// PostgreSQL cannot store NUL in text, and a lone UTF-16 surrogate is not text at all: either one
// reaching a query is a 500. Refused once here for every body, query and path of every route.
const UNSTORABLE = "The request contains characters that are not allowed";

function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000") || !value.isWellFormed();
  if (depth > 64 || value === null || typeof value !== "object") return false;
  for (const [k, v] of Object.entries(value)) if (hasUnstorableText(k, depth + 1) || hasUnstorableText(v, depth + 1)) return true;
  return false;
}

async function parseBody<B>(req: NextRequest, schema: Schema<B>, maxBytes: number): Promise<B> {
  const text = await req.text();
  if (text.length > maxBytes) throw new ApiError("payload_too_large", "The request body is too large");
  let data: unknown = {};
  if (text.trim() !== "") {
    try {
      data = JSON.parse(text);
    } catch {
      throw badRequest("The request body must be valid JSON");
    }
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw badRequest("The request body must be a JSON object");
  if (hasUnstorableText(data)) throw badRequest(UNSTORABLE);
  return schema.parse(data);
}

function parseQuery<Q>(req: NextRequest, schema: Schema<Q>): Q {
  const out: Record<string, string> = {};
  req.nextUrl.searchParams.forEach((v, k) => (out[k] = v));
  if (hasUnstorableText(out)) throw badRequest(UNSTORABLE);
  return schema.parse(out);
}

const sameHost = (url: string, host: string | null) => {
  try {
    return host !== null && new URL(url).host === host;
  } catch {
    return false; // "null" (sandboxed frames, file:) or garbage
  }
};

/** Writes must come from our own origin (CSRF defence in depth on top of SameSite=Lax cookies).
 *  Browsers send Origin on every POST/PUT/PATCH/DELETE; one that does not (old browsers, privacy
 *  settings) still says where the request came from with Sec-Fetch-Site or Referer. A request with
 *  none of the three is not from a browser, so it cannot be a forged one: allowed. */
function checkOrigin(req: NextRequest) {
  if (SAFE_METHODS.has(req.method)) return;
  const refused = () => forbidden("Cross-site request refused");
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  const origin = req.headers.get("origin");
  if (origin !== null) {
    if (!sameHost(origin, host)) throw refused();
    return;
  }
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") throw refused();
  const referer = req.headers.get("referer");
  if (referer && !sameHost(referer, host)) throw refused();
}

export type Audience = "public" | "business" | "staff" | "admin" | "portal" | "cron" | "webhook" | "api-key";

/** What a wrapped handler carries for the security suite (tests/security): which audience it serves
 *  and its zod schemas, so the role matrix and the fuzzer are generated from the routes themselves. */
export type RouteMeta = { audience: Audience; spec: RouteSpec<unknown, unknown, unknown> };
export const ROUTE_META = Symbol.for("loyalty.routeMeta");

/** encodeURIComponent throws on a lone UTF-16 surrogate (a fuzzed path value): the log line must not. */
function encodedOrSelf(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return v;
  }
}

/** The route as written (`/api/customers/[id]`), not as called: path values (ids, email addresses in
 *  portal paths) never reach the log. */
function routeTemplate(pathname: string, params: Record<string, string | string[] | undefined>): string {
  let route = pathname;
  for (const [name, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      route = route.split("/").map((seg) => (seg === v || seg === encodedOrSelf(v) ? `[${name}]` : seg)).join("/");
    }
  }
  return route;
}

function businessIdOf(auth: unknown): number | undefined {
  const id = (auth as { businessId?: unknown } | null | undefined)?.businessId;
  return typeof id === "number" ? id : undefined;
}

/** Every API answer carries the request id (the one in the log line). Some responses (redirects)
 *  have immutable headers: those are copied. */
function withRequestId(res: Response, requestId: string): Response {
  try {
    res.headers.set(REQUEST_ID_HEADER, requestId);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set(REQUEST_ID_HEADER, requestId);
    return copy;
  }
}

/** Maintenance mode (spec 3: the maintenance screen replaces the app): every caller but the super
 *  admin gets 503, except on the paths that must keep working (MAINTENANCE_EXEMPT_API). The flag
 *  comes with the session when there is one, else is read fresh. */
async function refuseDuringMaintenance(req: NextRequest, principal: Principal | null) {
  if (isUnder(req.nextUrl.pathname, MAINTENANCE_EXEMPT_API)) return;
  if (principal?.kind === "admin") return;
  if ((principal ? principal.maintenance : await isMaintenanceMode()) === true) throw new ApiError("service_unavailable", MAINTENANCE_MESSAGE);
}

type WrapperOptions = { csrf: boolean; maintenance: boolean };

function makeWrapper<A>(audience: Audience, resolve: Resolver<A>, opts: WrapperOptions = { csrf: true, maintenance: false }) {
  return function route<P = Record<string, never>, Q = Record<string, never>, B = Record<string, never>>(
    spec: RouteSpec<P, Q, B>,
    handler: (input: HandlerInput<A, P, Q, B>) => Promise<unknown> | unknown,
  ) {
    const meta: RouteMeta = { audience, spec: spec as RouteSpec<unknown, unknown, unknown> };
    return Object.assign(wrapped, { [ROUTE_META]: meta });
    async function wrapped(req: NextRequest, ctx?: RouteContext): Promise<Response> {
      const started = performance.now();
      const requestId = requestIdFrom(req.headers);
      let rawParams: Record<string, string | string[] | undefined> = {};
      let auth: A | undefined;
      let res: Response;
      try {
        if (opts.csrf) checkOrigin(req);
        const now = requestNow(req);
        auth = await resolve(req, now);
        if (opts.maintenance) await refuseDuringMaintenance(req, auth as Principal | null);
        rawParams = (await ctx?.params) ?? {};
        if (hasUnstorableText(rawParams)) throw badRequest(UNSTORABLE);
        const params = spec.params ? spec.params.parse(rawParams) : (rawParams as P);
        const query = spec.query ? parseQuery(req, spec.query) : ({} as Q);
        const body = spec.body ? await parseBody(req, spec.body, spec.maxBodyBytes ?? DEFAULT_MAX_BODY) : ({} as B);
        const result = await handler({ req, auth, params, query, body, now });
        res = result instanceof Response ? result : Response.json(result ?? { ok: true });
      } catch (error) {
        if (toApiError(error).code === "internal") {
          reportServerError(error, { requestId, audience, method: req.method, route: routeTemplate(req.nextUrl.pathname, rawParams), businessId: businessIdOf(auth), source: "api" });
        }
        res = toErrorResponse(error);
      }
      res = withNoStore(withRequestId(res, requestId));
      const fields = { requestId, audience, businessId: businessIdOf(auth), method: req.method, route: routeTemplate(req.nextUrl.pathname, rawParams), status: res.status, durationMs: Math.round(performance.now() - started) };
      if (res.status >= 500) log.error(fields, "request");
      else log.info(fields, "request");
      return res;
    }
  };
}

export async function principalFromRequest(req: NextRequest, now: Date): Promise<Principal | null> {
  return resolvePrincipal(readCookie(req.headers.get("cookie"), sessionCookieName()), now);
}

function assertNotInMaintenance(p: BusinessPrincipal | StaffPrincipal) {
  if ("adminMode" in p && p.adminMode) return; // the super admin keeps working
  if (p.maintenance) throw new ApiError("service_unavailable", MAINTENANCE_MESSAGE);
}

/** Anyone; the principal is passed if there is one. */
export const publicRoute = makeWrapper<Principal | null>("public", (req, now) => principalFromRequest(req, now), { csrf: true, maintenance: true });

/** The business workspace the principal may act in (owner, or admin acting as the business),
 *  with the same refusals as businessRoute: 401 without one, 503 during maintenance. For routes
 *  that serve a second audience too and so start from publicRoute. */
export async function requireBusinessPrincipal(principal: Principal | null): Promise<BusinessPrincipal> {
  const p = await asBusinessPrincipal(principal);
  if (!p) throw unauthorized();
  assertNotInMaintenance(p);
  return p;
}

/** The business owner, or a super admin acting as the business. */
export const businessRoute = makeWrapper<BusinessPrincipal>("business", async (req, now) => requireBusinessPrincipal(await principalFromRequest(req, now)));

/** A business's staff login, or its owner (owners can do everything staff can). */
export const staffRoute = makeWrapper<BusinessPrincipal | StaffPrincipal>("staff", async (req, now) => {
  const principal = await principalFromRequest(req, now);
  if (principal?.kind === "staff") {
    assertNotInMaintenance(principal);
    return principal;
  }
  const p = await asBusinessPrincipal(principal);
  if (!p) throw unauthorized();
  assertNotInMaintenance(p);
  return p;
});

/** A super admin (whether or not acting as a business). Works during maintenance. */
export const adminRoute = makeWrapper<AdminPrincipal>(
  "admin",
  async (req, now) => {
    const p = await principalFromRequest(req, now);
    if (!p) throw unauthorized();
    if (p.kind !== "admin") throw forbidden("Super admin access only");
    return p;
  },
  { csrf: true, maintenance: false },
);

/** A customer who has proven control of their email address. Maintenance comes before the
 *  sign-in check: without a session the answer is still the maintenance one. */
export const portalRoute = makeWrapper<CustomerPrincipal>("portal", async (req, now) => {
  const p = await principalFromRequest(req, now);
  await refuseDuringMaintenance(req, p);
  if (!p || p.kind !== "customer") throw unauthorized("Please verify your email address first");
  return p;
});

/** Equal strings, compared in time that does not depend on where they differ (both sides are
 *  hashed first, so neither the length nor a prefix of the secret leaks through timing). */
export function constantTimeEqual(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Scheduled jobs: Vercel Cron sends `Authorization: Bearer $CRON_SECRET`. Without a secret, only
 *  non-production runs may call them (the local runner). Cron keeps running during maintenance. */
export const cronRoute = makeWrapper<{ kind: "cron" }>(
  "cron",
  async (req) => {
    const secret = envNow("CRON_SECRET");
    const header = req.headers.get("authorization") ?? "";
    if (secret) {
      if (!constantTimeEqual(header, `Bearer ${secret}`)) throw unauthorized("Invalid cron secret");
    } else if (envNow("NODE_ENV") === "production") {
      throw unauthorized("CRON_SECRET is not configured");
    }
    return { kind: "cron" as const };
  },
  { csrf: false, maintenance: false },
);

/** Webhooks from vendors: no session, no CSRF check; the handler verifies the vendor's signature on
 *  the raw body. They keep working during maintenance, so no payment event is lost. */
export const webhookRoute = makeWrapper<{ kind: "webhook" }>("webhook", async () => ({ kind: "webhook" as const }), { csrf: false, maintenance: false });

/** A business's API key (issue 27, /api/v1): `Authorization: Bearer <key>`, no cookie (so no CSRF
 *  check). The key's row is read on every call, so a revoked key is refused at once on every
 *  instance; its scope must cover the method; calls are rate-limited per key in the database; each
 *  call (but a rate-limited one) is written to the activity log under the key's name. */
const apiKeyCallers = new WeakMap<NextRequest, ApiKeyPrincipal>();
const apiKeyWrapper = makeWrapper<ApiKeyPrincipal>(
  "api-key",
  async (req, now) => {
    const p = await resolveApiKey(req.headers.get("authorization"), now);
    apiKeyCallers.set(req, p);
    await authorizeApiKeyCall(p, req.method, now);
    return p;
  },
  { csrf: false, maintenance: true },
);
export function apiKeyRoute<P = Record<string, never>, Q = Record<string, never>, B = Record<string, never>>(
  spec: RouteSpec<P, Q, B>,
  handler: (input: HandlerInput<ApiKeyPrincipal, P, Q, B>) => Promise<unknown> | unknown,
) {
  const inner = apiKeyWrapper(spec, handler);
  async function wrapped(req: NextRequest, ctx?: RouteContext): Promise<Response> {
    const res = await inner(req, ctx);
    const caller = apiKeyCallers.get(req);
    if (caller && res.status !== 429) await logApiCall(caller, { method: req.method, route: routeTemplate(req.nextUrl.pathname, (await ctx?.params) ?? {}), status: res.status });
    return res;
  }
  return Object.assign(wrapped, { [ROUTE_META]: inner[ROUTE_META] });
}

// Shared zod pieces for route specs.
export { idParam } from "@/lib/validation/id"; // the one bounded id schema (issue 19)

export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(data, { status, headers });
}
