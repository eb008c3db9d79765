/** @jest-environment node */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { NextRequest } from "next/server";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as staffLogin } from "@/app/api/staff/login/route";
import { POST as logout } from "@/app/api/logout/route";
import { clearSessionCookieHeader, sessionCookieHeader } from "@/lib/auth/session";
import { secureCookies, sessionCookieName } from "@/lib/auth/cookies";
import { middleware } from "@/middleware";
import { call } from "../helpers/http";
import { createBusinessSession, TEST_PASSWORD } from "../helpers/factories";
import { recordTally } from "./support/tally";
import { directives, headerProblems } from "./support/web-headers";

// Issue 11 item 7: the security headers next.config.mjs sends on every page and API response (in
// development/test and in production, where HSTS is added), and the session cookie's flags. The
// same headers on a real production server are checked by web-build.test.ts.

const ROOT = path.resolve(__dirname, "..", "..");

/** next.config.mjs's headers() as a fresh Node process with this environment sees them. */
function configHeaders(env: Record<string, string>): { source: string; headers: { key: string; value: string }[] }[] {
  const script = `const c = (await import(${JSON.stringify(path.join(ROOT, "next.config.mjs"))})).default; process.stdout.write(JSON.stringify(await c.headers()));`;
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "NEXT_PUBLIC_GOOGLE_MAPS_API_KEY")) as NodeJS.ProcessEnv;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { env: { ...clean, ...env }, encoding: "utf8" }));
}

describe("security headers (next.config.mjs)", () => {
  it.each([
    ["test", { NODE_ENV: "test" }, false],
    ["development", { NODE_ENV: "development" }, false],
    ["production", { NODE_ENV: "production" }, true],
    ["production with the maps key", { NODE_ENV: "production", NEXT_PUBLIC_GOOGLE_MAPS_API_KEY: "key-for-test" }, true],
  ] as const)("%s: one rule for every path, with the full set of headers", (_name, env, production) => {
    const rules = configHeaders(env);
    recordTally("webChecks");
    expect(rules.map((r) => r.source)).toEqual(["/:path*"]); // pages, API routes, static files
    const problems = headerProblems(rules[0].headers, { production, maps: "NEXT_PUBLIC_GOOGLE_MAPS_API_KEY" in env });
    expect(problems).toEqual([]);
  });

  it("allows Google's Maps hosts only when a maps key is built in", () => {
    const without = configHeaders({ NODE_ENV: "production" })[0].headers.find((h) => h.key === "Content-Security-Policy")!.value;
    const withKey = configHeaders({ NODE_ENV: "production", NEXT_PUBLIC_GOOGLE_MAPS_API_KEY: "k" })[0].headers.find((h) => h.key === "Content-Security-Policy")!.value;
    recordTally("webChecks", 2);
    expect(without).not.toContain("google");
    expect(directives(withKey).get("script-src")).toEqual(expect.arrayContaining(["https://*.googleapis.com", "https://*.gstatic.com"]));
    expect(directives(withKey).get("connect-src")).toEqual(expect.arrayContaining(["https://*.googleapis.com"]));
  });
});

describe("session cookie", () => {
  const flags = (setCookie: string) => setCookie.split(";").slice(1).map((p) => p.trim().split("=")[0].toLowerCase());

  it("sign-in cookies are HttpOnly, SameSite=Lax and Path=/ (owner and staff), and sign-out clears the same cookie", async () => {
    const biz = await createBusinessSession();
    const res = await call(login, { method: "POST", body: { email: biz.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get("set-cookie")!;
    recordTally("webChecks", 3);
    expect(setCookie.startsWith(`${sessionCookieName()}=`)).toBe(true);
    expect(flags(setCookie)).toEqual(expect.arrayContaining(["path", "httponly", "samesite", "max-age"]));
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");

    const staff = await call(staffLogin, { method: "POST", body: { businessId: biz.businessId, username: "nobody", password: "wrong-password" } });
    expect(staff.status).toBe(401); // no cookie on failure
    expect(staff.headers.get("set-cookie")).toBeNull();

    const out = await call(logout, { method: "POST", cookie: res.cookie });
    const cleared = out.headers.get("set-cookie")!;
    expect(cleared).toContain("Max-Age=0");
    expect(flags(cleared)).toEqual(expect.arrayContaining(["path", "httponly", "samesite"]));
  });

  it("Secure and __Secure- named in production (https, or no URL configured); not on a local plain-HTTP test server", () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, NEXTAUTH_URL: process.env.NEXTAUTH_URL, APP_URL: process.env.APP_URL };
    const set = (env: Record<string, string | undefined>) => {
      for (const [k, v] of Object.entries(env)) {
        if (v === undefined) delete process.env[k];
        else Object.assign(process.env, { [k]: v });
      }
    };
    try {
      const cases: [Record<string, string | undefined>, boolean][] = [
        [{ NODE_ENV: "production", NEXTAUTH_URL: "https://loyalty.example.co.uk", APP_URL: undefined }, true],
        [{ NODE_ENV: "production", NEXTAUTH_URL: undefined, APP_URL: undefined }, true],
        [{ NODE_ENV: "production", NEXTAUTH_URL: "http://app.example.co.uk", APP_URL: undefined }, true],
        [{ NODE_ENV: "production", NEXTAUTH_URL: "http://127.0.0.1:3100", APP_URL: undefined }, false],
        [{ NODE_ENV: "test", NEXTAUTH_URL: undefined, APP_URL: undefined }, false],
        [{ NODE_ENV: "development", NEXTAUTH_URL: "https://dev.example.test", APP_URL: undefined }, true],
      ];
      for (const [env, secure] of cases) {
        set(env);
        recordTally("webChecks");
        expect({ env, secure: secureCookies() }).toEqual({ env, secure });
        const header = sessionCookieHeader("value");
        expect(header.startsWith(secure ? "__Secure-next-auth.session-token=" : "next-auth.session-token=")).toBe(true);
        expect(header.split("; ").includes("Secure")).toBe(secure);
        expect(clearSessionCookieHeader().split("; ").includes("Secure")).toBe(secure);
        expect(header).toContain("HttpOnly");
      }
    } finally {
      set(saved);
    }
  });
});

describe("next-auth's own sign-in endpoints", () => {
  it("are closed: they would check passwords without the sign-in rate limit", async () => {
    for (const p of ["/api/auth/callback/business", "/api/auth/signin/business", "/api/auth/signin"]) {
      const res = await middleware(new NextRequest(`http://localhost${p}`, { method: "POST", body: "email=a%40b.co&password=x" }));
      recordTally("webChecks");
      expect({ p, status: res.status }).toEqual({ p, status: 404 });
    }
  });
});
