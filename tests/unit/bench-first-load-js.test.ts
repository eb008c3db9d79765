/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { firstLoadJsRows } from "../../bench/browser/measure-first-load-js";

// Issue 23: the bench's first-load JS rows give every page a budget by its audience (150 kB for the
// business, admin and staff groups, 120 kB for portal, sign-in and public pages) and count the
// documented pages within budget, naming a documented page the build does not have.
describe("first-load JS rows", () => {
  let project: string;
  beforeAll(() => {
    project = mkdtempSync(path.join(os.tmpdir(), "first-load-"));
    const dist = path.join(project, ".next-x");
    mkdirSync(path.join(dist, "diagnostics"), { recursive: true });
    mkdirSync(path.join(dist, "static", "chunks"), { recursive: true });
    // Random bytes do not compress: a chunk of n kB weighs about n kB gzipped.
    const chunk = (name: string, kb: number) => {
      const file = path.join(dist, "static", "chunks", name);
      writeFileSync(file, Buffer.from(Array.from({ length: kb * 1024 }, () => Math.floor(Math.random() * 256))));
      return path.relative(project, file);
    };
    const shared = chunk("shared.js", 100);
    const heavy = chunk("heavy.js", 45);
    const light = chunk("light.js", 10);
    writeFileSync(
      path.join(dist, "app-path-routes-manifest.json"),
      JSON.stringify({ "/(business)/dashboard/page": "/dashboard", "/(portal)/customer-portal/page": "/customer-portal", "/(auth)/auth/page": "/auth", "/page": "/", "/(admin)/admin-dashboard/page": "/admin-dashboard", "/api/x/route": "/api/x" }),
    );
    const stats = [
      { route: "/dashboard", paths: [shared, heavy] },
      { route: "/customer-portal", paths: [shared, light] },
      { route: "/auth", paths: [shared, heavy] },
      { route: "/", paths: [shared] },
      { route: "/admin-dashboard", paths: [shared, heavy, heavy] },
    ].map((r) => ({ route: r.route, firstLoadUncompressedJsBytes: 1, firstLoadChunkPaths: r.paths }));
    writeFileSync(path.join(dist, "diagnostics", "route-bundle-stats.json"), JSON.stringify(stats));
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("budgets each page by its route group and counts the documented ones within budget", () => {
    const rows = firstLoadJsRows(path.join(project, ".next-x"), project, ["/", "/dashboard", "/customer-portal", "/auth", "/staff/login"]);
    const row = (name: string) => rows.find((r) => r.name === name)!;
    expect(row("/dashboard first-load JS")).toMatchObject({ budget: "<= 150 kB gzipped", met: true });
    expect(row("/admin-dashboard first-load JS")).toMatchObject({ budget: "<= 150 kB gzipped", met: false });
    expect(row("/auth first-load JS")).toMatchObject({ budget: "<= 120 kB gzipped", met: false });
    expect(row("/customer-portal first-load JS")).toMatchObject({ budget: "<= 120 kB gzipped", met: true });
    expect(row("/ first-load JS")).toMatchObject({ budget: "<= 120 kB gzipped", met: true });
    // Each chunk is gzipped (level 9) and the sizes added: 100 + 45 kB of incompressible bytes and gzip's framing.
    expect(row("/dashboard first-load JS").value).toBeGreaterThanOrEqual(145);
    expect(row("/dashboard first-load JS").value).toBeLessThan(146);
    expect(rows.every((r) => r.met !== null && r.budget)).toBe(true);
    expect(row("documented pages within their first-load JS budget")).toMatchObject({ value: 0.6, unit: "ratio", met: false, note: expect.stringMatching(/^3 of 5; not built: \/staff\/login; 100\.\d kB loaded by every page/) });
  });
});
