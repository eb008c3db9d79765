/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { createBusinessSession, TEST_PASSWORD } from "../helpers/factories";
import { addCustomerWithCard } from "../helpers/cards";
import { recordTally } from "./support/tally";
import { headerProblems } from "./support/web-headers";
import { buildDir, startNext, type NextServer } from "./support/instance-next";

// Issue 11 item 7 against the real production build: no secret in anything a browser can fetch,
// and a `next start` server sends the security headers on pages, API answers and static files,
// Secure session cookies, and refuses cross-site writes. There must be a build (see buildDir()).

const SECRET_NAME = /SECRET|PASSWORD|PASSPHRASE|PRIVATE|TOKEN|API_KEY|AUTH|DATABASE_URL|SERVICE_ACCOUNT|_KEY$/;
/** Server-only settings whose name in a client file means server configuration was bundled for the browser. */
const SERVER_ONLY_NAMES = [
  "NEXTAUTH_SECRET", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "DATABASE_URL", "CRON_SECRET", "TWILIO_AUTH_TOKEN",
  "RESEND_API_KEY", "APPLE_PASS_PRIVATE_KEY_PEM", "APPLE_PASS_KEY_PASSPHRASE", "GOOGLE_WALLET_SERVICE_ACCOUNT_JSON", "SUPER_ADMIN_PASSWORD",
];
/** Shapes of secrets whatever their value. */
const SECRET_SHAPES = [/sk_(live|test)_[0-9a-zA-Z]{8,}/, /whsec_[0-9a-zA-Z]{8,}/, /-----BEGIN [A-Z ]*PRIVATE KEY-----/, /postgres(ql)?:\/\/[^\s"'`]*@/, /dev-only-secret-change-me/];

/** Every file a browser can fetch from the build: static assets and prerendered pages. */
function clientFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, keep: (f: string) => boolean) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full, keep);
      else if (keep(full)) out.push(full);
    }
  };
  walk(path.join(dir, "static"), () => true);
  walk(path.join(dir, "server", "app"), (f) => /\.(html|rsc|body|meta)$/.test(f));
  walk(path.join(dir, "server", "pages"), (f) => /\.html$/.test(f));
  return out;
}

/** Secret values in this environment (the CI job builds and tests with the same variables) and in
 *  any .env file next build would have read. */
function secretValues(): { name: string; value: string }[] {
  const found = new Map<string, string>();
  const consider = (name: string, value: string | undefined) => {
    if (!value || name.startsWith("NEXT_PUBLIC_") || !SECRET_NAME.test(name)) return;
    for (const v of [value, ...value.split(/\r?\n/)].map((s) => s.trim())) if (v.length >= 12 && !/^-----/.test(v)) found.set(v, name);
  };
  for (const [k, v] of Object.entries(process.env)) consider(k, v);
  for (const file of [".env", ".env.local", ".env.production", ".env.production.local"]) {
    const p = path.resolve(__dirname, "..", "..", file);
    if (!fs.existsSync(p)) continue;
    for (const line of fs.readFileSync(p, "utf8").split("\n")) {
      const m = /^\s*([A-Z0-9_]+)\s*=\s*"?([^"]*)"?\s*$/.exec(line);
      if (m) consider(m[1], m[2]);
    }
  }
  return [...found].map(([value, name]) => ({ name, value }));
}

function scan(dir: string, files: string[], secrets: { name: string; value: string }[]): string[] {
  const hits: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, "latin1");
    const where = path.relative(dir, file);
    for (const s of secrets) if (text.includes(s.value)) hits.push(`${where}: the value of ${s.name}`);
    for (const name of SERVER_ONLY_NAMES) if (text.includes(name)) hits.push(`${where}: ${name}`);
    for (const shape of SECRET_SHAPES) if (shape.test(text)) hits.push(`${where}: ${shape}`);
  }
  return hits;
}

describe("the client bundle", () => {
  it("holds no secret value, no server-only setting name and nothing shaped like a key or a database URL", () => {
    const dir = buildDir();
    const files = clientFiles(dir);
    expect(files.length).toBeGreaterThan(10);
    const hits = scan(dir, files, secretValues());
    recordTally("webChecks", files.length);
    recordTally("leaks", hits.length);
    expect(hits).toEqual([]);
  });

  it("the scan finds planted secrets (so a clean result means something)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sec-bundle-"));
    try {
      const planted = [
        ["a.js", 'var k="canary-value-0123456789";'],
        ["b.js", 'fetch("x",{headers:{a:"sk_live_abcdefgh12345678"}})'],
        ["c.html", "<p>postgresql://app:pw@db.example/prod</p>"],
        ["d.js", "process.env.STRIPE_SECRET_KEY"],
        ["e.js", "-----BEGIN RSA PRIVATE KEY-----"],
      ];
      for (const [name, text] of planted) fs.writeFileSync(path.join(dir, name), text);
      const files = planted.map(([name]) => path.join(dir, name));
      const hits = scan(dir, files, [{ name: "CANARY_SECRET", value: "canary-value-0123456789" }]);
      expect(new Set(hits.map((h) => h.split(":")[0]))).toEqual(new Set(planted.map(([name]) => name)));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a production server over the build (next start)", () => {
  let server: NextServer;
  let owner: Awaited<ReturnType<typeof createBusinessSession>>;

  beforeAll(async () => {
    owner = await createBusinessSession();
    // An https URL: the server must then issue Secure, __Secure- cookies (the browser side is TLS).
    // a production configuration the start-up check accepts (instrumentation.ts): https URLs and a cron secret
    server = await startNext({ NEXTAUTH_URL: "https://loyalty.example.test", APP_URL: "https://loyalty.example.test", CRON_SECRET: "web-build-cron-secret-0123456789", ENABLE_TEST_ENDPOINTS: "" });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("sends the security headers, HSTS included, on pages, API answers, redirects, 404s and static files", async () => {
    const dir = buildDir();
    const chunk = fs.readdirSync(path.join(dir, "static", "chunks")).find((f) => f.endsWith(".js"));
    const paths = ["/", "/auth", "/customer-portal", "/dashboard", "/api/auth/user", "/api/customers", "/api/no-such-route", `/_next/static/chunks/${chunk}`];
    const problems: string[] = [];
    for (const p of paths) {
      const res = await fetch(`${server.url}${p}`, { redirect: "manual" });
      recordTally("webChecks");
      if (res.status >= 500) recordTally("serverErrors");
      problems.push(...headerProblems(res.headers, { production: true, maps: Boolean(process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY) }).map((x) => `${p} (${res.status}): ${x}`));
    }
    expect(problems).toEqual([]);
  });

  it("pages carry one CSP with a fresh nonce per request, and every script on the page has it (issue 19)", async () => {
    const nonces: string[] = [];
    for (const p of ["/auth", "/auth", "/customer-portal", "/staff/login"]) {
      const res = await fetch(`${server.url}${p}`, { redirect: "manual" });
      recordTally("webChecks");
      expect(res.status).toBe(200);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp.split(",")).toHaveLength(1); // not two policies (a nonce-less one would block the page)
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeDefined();
      expect(csp).toContain("'strict-dynamic'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      const html = await res.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect([p, tag.includes(`nonce="${nonce}"`)]).toEqual([p, true]);
      nonces.push(nonce!);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("signs in with a Secure, HttpOnly, SameSite=Lax, __Secure- cookie", async () => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: owner.email, password: TEST_PASSWORD }),
    });
    recordTally("webChecks");
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie()[0];
    expect(cookie.startsWith("__Secure-next-auth.session-token=")).toBe(true);
    expect(cookie.split("; ")).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", "Secure"]));
  });

  it("refuses a cross-site write and next-auth's unused sign-in endpoints", async () => {
    const forged = await fetch(`${server.url}/api/transactions`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", cookie: owner.cookie.replace(/^next-auth/, "__Secure-next-auth") },
      body: JSON.stringify({ customerId: 1, type: "purchase", amount: "1.00" }),
    });
    const callback = await fetch(`${server.url}/api/auth/callback/business`, { method: "POST", body: "email=a%40b.co&password=x", headers: { "content-type": "application/x-www-form-urlencoded" } });
    recordTally("webChecks", 2);
    expect(forged.status).toBe(403);
    expect(callback.status).toBe(404);
  });

  it("keeps the test-only doors shut: x-test-now is ignored, cron needs its secret, the simulated outbox is closed", async () => {
    const cookie = owner.cookie.replace(/^next-auth/, "__Secure-next-auth");
    const { customer } = await addCustomerWithCard(owner.businessId);
    const backdated = await fetch(`${server.url}/api/transactions`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, cookie, "x-test-now": "2001-01-01T00:00:00Z" },
      body: JSON.stringify({ customerId: customer.id, type: "purchase", amount: "3.00" }),
    });
    expect(backdated.status).toBe(201);
    const t = (await backdated.json()) as { transaction: { id: number } };
    const row = await db.transaction.findUniqueOrThrow({ where: { id: t.transaction.id } });
    expect(Math.abs(row.createdAt.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    const cron = await fetch(`${server.url}/api/cron/housekeeping`);
    const outbox = await fetch(`${server.url}/api/test/last-simulated-sms?to=07700900123`);
    recordTally("webChecks", 3);
    expect([cron.status, outbox.status]).toEqual([401, 404]);
  });
});
