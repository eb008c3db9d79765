/** @jest-environment node */
import { call } from "../helpers/http";
import { recordTally } from "./support/tally";
import { METHODS, routeFiles, type Method } from "./support/routes";

// Issue 11, first slice (the role matrix, tests/security/role-matrix.test.ts, covers the other five audiences): generated from the route files themselves, so a new endpoint is covered
// without touching this test. Signed out, every endpoint that is not meant for anonymous callers
// answers a well-formed request with 401 (or 403) and a malformed one with a 4xx: never data, never
// a 5xx; the anonymous ones never answer a 5xx to an empty or malformed request.

// Endpoints anonymous callers may use (login, sign-up, resets, the customer's proof of address,
// public assets, vendor callbacks, the test outbox in test runs).
const PUBLIC = [
  /^auth\/(login|signup|signup\/send-code|verify-access-code|forgot-password|reset-password)$/,
  /^reset-password$/,
  /^passcode$/,
  /^logout$/,
  /^admin\/login$/,
  /^admin\/system-settings$/, // GET: the public subset
  /^staff\/login$/,
  /^staff\/logout$/,
  /^customer\/verify-access$/,
  /^customer-portal\/(session|logout)$/,
  /^confirm-membership\/\[token\]$/,
  /^qr-hosted\//,
  /^wallet\//,
  /^webhooks\//,
  /^billing\/simulated\//, // signed token in the body
  /^test\//,
  /^health(\/ready)?$/, // liveness and readiness (issue 22): version and check names only
  /^v1\/openapi\.json$/, // issue 27: the API's public description, no data
];

const routes = routeFiles(); // next-auth's own catch-all left out

beforeAll(() => {
  // Cron routes must refuse callers without the secret here (otherwise they would run the jobs).
  process.env.CRON_SECRET = "security-matrix-secret";
});

describe("signed-out matrix over every route handler", () => {
  it("finds the product's route handlers", () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it.each(routes.map((r) => [r.route, r] as const))("%s", async (_name, r) => {
    const mod = (await import(r.file)) as Partial<Record<Method, Parameters<typeof call>[0]>>;
    const params = Object.fromEntries((r.route.match(/\[([^\]]+)\]/g) ?? []).map((s) => [s.slice(1, -1), "1"]));
    const isPublic = PUBLIC.some((p) => p.test(r.route));
    let checked = 0;
    let errors = 0;
    for (const method of METHODS) {
      const handler = mod[method];
      if (!handler) continue;
      const path = `/api/${r.route.replace(/\[[^\]]+\]/g, "1")}`;
      const bodies = method === "GET" || method === "DELETE" ? [undefined] : ["{}", "{not json", "[]"];
      for (const rawBody of bodies) {
        const res = await call(handler, { method, path, params, rawBody, headers: rawBody ? { "content-type": "application/json" } : {} });
        checked++;
        if (res.status >= 500) errors++;
        const where = `${method} ${path} ${rawBody ?? ""}`;
        expect({ where, status: res.status < 500 }).toEqual({ where, status: true });
        if (!isPublic) {
          // A well-formed request is refused for want of a session; a malformed one may be refused
          // earlier for its body (400). Either way: never data.
          const refused = rawBody === "{not json" || rawBody === "[]" ? res.status >= 400 : res.status === 401 || res.status === 403;
          expect({ where, refused }).toEqual({ where, refused: true });
        }
      }
    }
    recordTally("endpointAudiences", checked);
    recordTally("serverErrors", errors);
  });
});
