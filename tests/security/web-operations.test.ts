/** @jest-environment node */
import { startNext, type NextServer } from "./support/instance-next";
import { recordTally } from "./support/tally";

// Issue 22 "Done when", against the real production build (`next start`): a bad configuration stops
// the server with every problem named; health, readiness, request ids and JSON request logs; the
// icons, the manifest and robots.txt are served (and never behind the passcode gate).

const GOOD = { NEXTAUTH_URL: "https://loyalty.example.test", APP_URL: "https://loyalty.example.test", CRON_SECRET: "ops-cron-secret-0123456789", SUPPORT_EMAIL: "help@loyalty.example.test", TESTING_PASSCODE: "ops-passcode" };

describe("production start-up check (next start)", () => {
  it("exits non-zero naming every problem of a bad configuration", async () => {
    const error = await startNext({ NEXTAUTH_URL: "http://loyalty.example.test", APP_URL: "", NEXTAUTH_SECRET: "short", CRON_SECRET: "", TWILIO_ACCOUNT_SID: "AC123" }).then(
      async (s) => {
        await s.stop();
        return null;
      },
      (e: Error) => e,
    );
    recordTally("webChecks", 1);
    expect(error).not.toBeNull();
    expect(error!.message).toMatch(/next start exited with 1/);
    for (const named of ["NEXTAUTH_SECRET is too short", "NEXTAUTH_URL must be an https:// URL", "CRON_SECRET is missing", "Twilio is half-configured"]) expect(error!.message).toContain(named);
  }, 90_000);
});

describe("a production server's operations surface", () => {
  let server: NextServer;
  beforeAll(async () => {
    server = await startNext(GOOD);
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("serves the favicon, the touch icon, the manifest and robots.txt, without the passcode", async () => {
    const favicon = await fetch(`${server.url}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toMatch(/icon/);
    const touch = await fetch(`${server.url}/apple-touch-icon.png`);
    expect([touch.status, touch.headers.get("content-type")]).toEqual([200, "image/png"]);
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    const m = (await manifest.json()) as { name: string; display: string; icons: { src: string }[] };
    expect(m).toMatchObject({ name: "Loyalty Legends", display: "standalone" });
    for (const icon of m.icons) expect((await fetch(`${server.url}${icon.src}`)).status).toBe(200);
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toMatch(/User-agent: \*\s+Disallow: \/\s*$/);
    const page = await (await fetch(`${server.url}/passcode`)).text();
    expect(page).toContain('rel="manifest" href="/manifest.webmanifest"');
    expect(page).toContain('rel="apple-touch-icon" href="/apple-touch-icon.png"');
    recordTally("webChecks", 4);
  });

  it("answers health and readiness (past the passcode gate), with a request id on every API answer and a JSON log line carrying it", async () => {
    const live = await fetch(`${server.url}/api/health`);
    expect(live.status).toBe(200);
    const ready = await fetch(`${server.url}/api/health/ready`, { headers: { "x-request-id": "probe-0123456789" } });
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, checks: { database: "ok", migrations: "ok" } });
    expect(ready.headers.get("x-request-id")).toBe("probe-0123456789");
    const gated = await fetch(`${server.url}/api/auth/user`);
    expect(gated.status).toBe(401); // the passcode gate (middleware) answers, with an id too
    const liveId = live.headers.get("x-request-id");
    expect(liveId).toMatch(/^[0-9a-f-]{36}$/);
    expect(gated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const page = await fetch(`${server.url}/passcode`);
    expect(page.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    await new Promise((r) => setTimeout(r, 300)); // stdout is read asynchronously
    const lines = server.log().split("\n").filter((l) => l.startsWith("{"));
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.find((l) => l.requestId === "probe-0123456789")).toMatchObject({ msg: "request", route: "/api/health/ready", status: 200, audience: "public" });
    expect(parsed.find((l) => l.requestId === liveId)).toMatchObject({ msg: "request", route: "/api/health", status: 200 });
    recordTally("webChecks", 3);
  });
});
