/** @jest-environment node */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { NextRequest } from "next/server";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { GET as housekeepingRoute } from "@/app/api/cron/housekeeping/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { constantTimeEqual, publicRoute } from "@/lib/api/route";
import { log, scrub } from "@/lib/log";
import { call } from "../helpers/http";
import { captureLogs } from "../helpers/capture-logs";
import { createBusinessSession } from "../helpers/factories";

// Issue 22: health answers, request ids and JSON logs on every API request, 500s reported once,
// the cron secret compared in constant time, and a production start refusing a bad configuration.

const ROOT = path.resolve(__dirname, "..", "..");

describe("health", () => {
  it("GET /api/health answers without the database, with the version and nothing secret", async () => {
    const res = await call<Record<string, unknown>>(health, { path: "/api/health" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok", version: "0.1.0" });
    expect(Object.keys(res.json).sort()).toEqual(["commit", "status", "version"]);
    expect(res.text).not.toMatch(/postgres|secret|password/i);
  });

  it("GET /api/health/ready is 200 with the database up and every migration applied", async () => {
    const res = await call<Record<string, unknown>>(ready, { path: "/api/health/ready" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ready", ready: true, checks: { database: "ok", migrations: "ok" } });
    expect(res.text).not.toMatch(/postgres(ql)?:\/\//);
  });
});

describe("request ids and request logs", () => {
  afterAll(() => delete process.env.NEXT_RUNTIME);

  it("every API answer carries an x-request-id (made, or the caller's) and one JSON log line with it", async () => {
    const biz = await createBusinessSession();
    const { result, lines } = await captureLogs(async () => ({
      made: await call(currentUser, { path: "/api/auth/user", cookie: biz.cookie }),
      given: await call(currentUser, { path: "/api/auth/user", headers: { "x-request-id": "lb-0123456789abcdef" } }),
      forged: await call(currentUser, { path: "/api/auth/user", headers: { "x-request-id": "<script>alert(1)</script>" } }),
    }));
    const madeId = result.made.headers.get("x-request-id");
    expect(madeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.given.headers.get("x-request-id")).toBe("lb-0123456789abcdef");
    expect(result.forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const requestLines = lines.filter((l) => l.msg === "request");
    expect(requestLines).toHaveLength(3);
    expect(requestLines[0]).toMatchObject({ level: "info", requestId: madeId, audience: "business", businessId: biz.businessId, method: "GET", route: "/api/auth/user", status: 200 });
    expect(typeof requestLines[0].durationMs).toBe("number");
    expect(requestLines[1]).toMatchObject({ requestId: "lb-0123456789abcdef", status: 401 });
  });

  it("middleware logs the API calls it answers itself, and passes the request id on to the others", async () => {
    const { middleware } = await import("@/middleware");
    const { result, lines } = await captureLogs(async () => ({
      closed: await middleware(new NextRequest("http://localhost/api/auth/signin")),
      passed: await middleware(new NextRequest("http://localhost/api/health", { headers: { "x-request-id": "lb-abcdef0123" } })),
    }));
    expect(result.closed.status).toBe(404);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "request", audience: "middleware", route: "/api/auth/signin", status: 404, requestId: result.closed.headers.get("x-request-id") });
    expect(result.passed.headers.get("x-request-id")).toBe("lb-abcdef0123");
    expect(result.passed.headers.get("x-middleware-request-x-request-id")).toBe("lb-abcdef0123"); // handed to the route handler
  });

  it("logs the route as written, never path values such as a customer's email address", async () => {
    const route = publicRoute({}, () => ({ ok: true }));
    const { lines } = await captureLogs(() => call(route, { path: "/api/customer-portal/accounts/jo%40example.com", params: { email: "jo@example.com" } }));
    expect(lines[0]).toMatchObject({ route: "/api/customer-portal/accounts/[email]" });
    expect(JSON.stringify(lines)).not.toContain("example.com");
  });

  it("a 500 is reported once with its request id, without personal data, and answers a generic message", async () => {
    const failing = publicRoute({}, () => {
      throw new Error("lookup failed for jo@example.com on 07700 900123 with code 123456");
    });
    const { result, lines } = await captureLogs(() => call(failing, { path: "/api/boom" }));
    expect(result.status).toBe(500);
    const id = result.headers.get("x-request-id");
    const errors = lines.filter((l) => l.msg === "unhandled error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: "error", requestId: id, route: "/api/boom", source: "api" });
    const text = JSON.stringify(lines);
    expect(text).toContain("lookup failed for [email] on [phone] with code [code]");
    expect(text).not.toMatch(/jo@example\.com|07700 900123|123456/);
    expect(lines.find((l) => l.msg === "request")).toMatchObject({ requestId: id, status: 500, level: "error" });
  });

  it("onRequestError reports an error that escaped a page once, with the request id middleware gave it", async () => {
    process.env.NEXT_RUNTIME = "nodejs"; // as in `next start`; the hook does nothing in the edge runtime
    const { onRequestError } = await import("@/instrumentation");
    const err = Object.assign(new Error("render failed"), { digest: "123abc" });
    const request = { path: "/dashboard", method: "GET", headers: { "x-request-id": "page-req-0123456789" } };
    const context = { routerKind: "App Router", routePath: "/(business)/dashboard", routeType: "render", renderSource: "react-server-components", revalidateReason: undefined } as const;
    const { lines } = await captureLogs(async () => {
      await onRequestError(err, request, context);
      await onRequestError(err, request, context); // the same error seen again (e.g. by another boundary)
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", msg: "unhandled error", requestId: "page-req-0123456789", route: "/(business)/dashboard", source: "App Router:render" });
  });

  it("redacts personal fields wherever they appear in a log object", async () => {
    const { lines } = await captureLogs(async () => log.info({ customer: { email: "jo@example.com", phone: "07700900123" }, code: "123456" }, "sent"));
    expect(lines[0]).toMatchObject({ customer: { email: "[redacted]", phone: "[redacted]" }, code: "[redacted]" });
    expect(scrub("call +44 7700 900123 or 07700900123, mail a.b@c.co.uk, code 0042")).toBe("call [phone] or [phone], mail [email], code [code]");
  });
});

describe("cron secret", () => {
  const saved = process.env.CRON_SECRET;
  afterAll(() => (saved === undefined ? delete process.env.CRON_SECRET : (process.env.CRON_SECRET = saved)));

  it("is compared in constant time: only the exact Bearer value opens a job", async () => {
    expect(constantTimeEqual("Bearer abc", "Bearer abc")).toBe(true);
    expect(constantTimeEqual("Bearer ab", "Bearer abc")).toBe(false); // different lengths do not throw
    process.env.CRON_SECRET = "ops-cron-secret";
    for (const authorization of ["Bearer ops-cron-secre", "Bearer ops-cron-secretX", "bearer ops-cron-secret", ""]) {
      expect((await call(housekeepingRoute, { headers: { authorization } })).status).toBe(401);
    }
    expect((await call(housekeepingRoute, { headers: { authorization: "Bearer ops-cron-secret" } })).status).toBe(200);
  });
});

describe("production start", () => {
  /** Runs instrumentation.ts's register() the way `next start` does, with only the given environment. */
  function start(env: Record<string, string>) {
    const script = `const m = await import(${JSON.stringify(path.join(ROOT, "instrumentation.ts"))}); await (m.register ?? m.default.register)(); process.stdout.write("STARTED");`;
    // react-server: as in Next's server bundles, where `server-only` is the empty module
    return spawnSync(process.execPath, ["--conditions", "react-server", "--import", "tsx", "--input-type=module", "-e", script], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", NEXT_RUNTIME: "nodejs", ...env },
      encoding: "utf8",
      timeout: 60_000,
    });
  }

  it("exits non-zero naming every problem of a bad configuration", () => {
    const r = start({ NEXTAUTH_SECRET: "too-short", APP_URL: "http://loyalty.example.co.uk", STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PRICE_ID_MAX: "price_x", APPLE_PASS_TYPE_IDENTIFIER: "pass.x", TWILIO_AUTH_TOKEN: "t" });
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain("STARTED");
    for (const named of ["DATABASE_URL is missing", "NEXTAUTH_SECRET is too short", "APP_URL must be an https:// URL", "CRON_SECRET is missing", "STRIPE_WEBHOOK_SECRET is missing", "APPLE_WWDR_CERT_PEM", "Apple Wallet needs an https webServiceURL", "Twilio is half-configured"]) {
      expect(r.stderr).toContain(named);
    }
    expect(r.stderr).toMatch(/^Refusing to start: the configuration has 8 problems:/);
  });

  it("starts with a good one", () => {
    const r = start({ DATABASE_URL: "postgresql://app@db.internal:5432/loyalty", NEXTAUTH_SECRET: "s".repeat(40), APP_URL: "https://app.loyaltylegends.co.uk", CRON_SECRET: "c".repeat(24), SUPPORT_EMAIL: "help@loyaltylegends.co.uk" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("STARTED");
  });
});
