/** @jest-environment node */
import { createSession } from "@/lib/auth/session";
import { sessionCookieName } from "@/lib/auth/cookies";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { buildWorld, type World } from "./support/fixture";
import { endpointsOf, label, pathOf, routeFiles, type Endpoint } from "./support/routes";
import { recordTally } from "./support/tally";
import { pathValue } from "./support/tenant-probes";

// Issue 11, item 2: the role matrix. Six audiences (signed out, a portal customer, staff, the
// owner, a super admin, a super admin acting as the business) against every method of every route
// file. Which audiences an endpoint serves comes from the wrapper it is built with
// (lib/api/route.ts tags each handler); every other audience must get 401/403, whatever the
// method. The audiences it serves get a GET through (never 401/403, never 5xx).

// Plus two that must be treated as signed out everywhere: a forged cookie, and the cookie of a
// session that was revoked (signed out elsewhere, password changed).
type AudienceName = "signed out" | "customer" | "staff" | "owner" | "admin" | "admin acting" | "forged cookie" | "revoked session";
const AUDIENCES: AudienceName[] = ["signed out", "customer", "staff", "owner", "admin", "admin acting", "forged cookie", "revoked session"];

const SERVES: Record<Endpoint["audience"], AudienceName[]> = {
  public: AUDIENCES,
  business: ["owner", "admin acting"],
  staff: ["staff", "owner", "admin acting"],
  admin: ["admin", "admin acting"],
  portal: ["customer"],
  cron: [], // CRON_SECRET is set below: no session opens a cron route
  webhook: AUDIENCES, // vendor signature, the same answer whoever calls
  "api-key": [], // issue 27: an API key in Authorization, never a session cookie
};

// Public wrappers that settle the audience inside the handler.
const OVERRIDES: Record<string, AudienceName[]> = {
  "POST /api/chat/sessions/[id]/messages": ["owner", "admin acting", "admin"],
  // The test outbox: an owner's own business's mail only (issue 19); signed out only with ?to= in
  // test runs, which the matrix does not send.
  "GET /api/test/last-simulated-email": ["owner", "admin acting"],
};

// GETs that end the caller's session: never called as an allowed audience (the matrix needs it).
const ENDS_SESSION = new Set(["GET /api/logout"]);

let world: World;
let cookies: Record<AudienceName, string | undefined>;

beforeAll(async () => {
  process.env.CRON_SECRET = "security-role-secret";
  world = await buildWorld();
  const revoked = await createSession({ kind: "business", businessId: world.b.businessId });
  await db.session.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
  cookies = {
    "signed out": undefined,
    customer: world.portalB,
    staff: world.b.staff,
    owner: world.b.owner,
    admin: world.admin,
    "admin acting": world.actingB,
    "forged cookie": `${sessionCookieName()}=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..forged.forged.forged`,
    "revoked session": `${sessionCookieName()}=${revoked.cookieValue}`,
  };
}, 180_000);

export const serves = (e: Endpoint): AudienceName[] => OVERRIDES[label(e)] ?? SERVES[e.audience];

/** B's own objects for the path, so an allowed audience is not refused for naming someone else's. */
function ownParams(e: Endpoint): Record<string, string> {
  return Object.fromEntries(e.params.map((name) => [name, pathValue(e, name, world.b) ?? "1"]));
}

const files = routeFiles();

describe("role matrix: every endpoint answers only the audiences it serves", () => {
  it.each(files.map((f) => [f.route, f] as const))("%s", async (_route, f) => {
    const failures: string[] = [];
    let checked = 0;
    let errors = 0;
    for (const e of await endpointsOf(f)) {
      const allowed = serves(e);
      const params = ownParams(e);
      const path = pathOf(e, params);
      for (const who of AUDIENCES) {
        const isAllowed = allowed.includes(who);
        if (isAllowed && (e.method !== "GET" || ENDS_SESSION.has(label(e)))) continue; // no side effects on the fixture
        const res = await call(e.handler, { method: e.method, path, params, cookie: cookies[who] });
        checked++;
        if (res.status >= 500) {
          errors++;
          failures.push(`${e.method} ${path} as ${who}: ${res.status} ${res.text.slice(0, 200)}`);
        } else if (!isAllowed && res.status !== 401 && res.status !== 403) {
          failures.push(`${e.method} ${path} as ${who}: expected 401/403, got ${res.status} ${res.text.slice(0, 150)}`);
        } else if (isAllowed && (res.status === 401 || res.status === 403)) {
          failures.push(`${e.method} ${path} as ${who} (served): refused with ${res.status} ${res.text.slice(0, 150)}`);
        }
      }
    }
    recordTally("endpointAudiences", checked);
    recordTally("serverErrors", errors);
    expect(failures).toEqual([]);
  });
});

// Independent of the wrappers: by path, whatever a route file is built with.
const OWNER_ONLY = /^(business(\/|$)|billing\/|subscription\/|create-checkout-session$|setup\/|.*export)/;
const ADMIN_AREA = /^(admin\/|chat\/admin\/|chat\/sessions\/business\/|chat\/sessions\/\[id\]\/close$)/;
const ADMIN_PUBLIC = new Set(["POST /api/admin/login", "GET /api/admin/system-settings"]); // the sign-in, the public settings subset

describe("explicit audience rules", () => {
  it("staff never reach owner settings, billing, export or admin; owners never reach admin", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const f of files) {
      const ownerOnly = OWNER_ONLY.test(f.route);
      const adminArea = ADMIN_AREA.test(f.route);
      if (!ownerOnly && !adminArea) continue;
      for (const e of await endpointsOf(f)) {
        if (adminArea && ADMIN_PUBLIC.has(label(e))) continue;
        const params = ownParams(e);
        const who: AudienceName[] = adminArea ? ["staff", "owner"] : ["staff"];
        for (const w of who) {
          const res = await call(e.handler, { method: e.method, path: pathOf(e, params), params, cookie: cookies[w] });
          checked++;
          if (res.status !== 401 && res.status !== 403) failures.push(`${label(e)} as ${w}: ${res.status}`);
        }
      }
    }
    recordTally("endpointAudiences", checked);
    expect(checked).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });
});
