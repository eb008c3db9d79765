// The standalone run of the browser bench (see bench/browser/index.ts for the flags): its own
// build folder, a throwaway seeded database and `next start` on a free port, then the
// measurements, printed as a table.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { migrate } from "../../scripts/lib/embedded-db";
import { freePort } from "../../scripts/lib/ports";
import { throwawayDatabase } from "../lib/throwaway-db";
import { waitForServer } from "../lib/server";
import type { BenchRow } from "../lib/results";
import { seedLargeBusiness } from "../seed-large";
import type { BrowserBenchOptions, runBrowserBench } from "./index";

const ROOT = path.resolve(__dirname, "..", "..");
const SECRET = "browser-bench-secret-0123456789abcdef0123";

const flag = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

export function printRows(rows: BenchRow[]) {
  for (const r of rows) {
    const mark = r.met === null ? "    " : r.met ? " ok " : "MISS";
    console.log(`${mark} ${r.group.padEnd(10)} ${r.name.padEnd(46)} ${String(r.value).padStart(8)} ${r.unit.padEnd(5)} ${(r.budget ?? "").padEnd(20)} ${r.note ?? ""}`);
  }
}

export async function runStandalone(run: typeof runBrowserBench) {
  const distDir = flag("dist") ?? ".next-browser";
  const only = flag("only")?.split(",") as ("js" | "network" | "search" | "lighthouse")[] | undefined;
  const started = Date.now();
  if (process.argv.includes("--rebuild") || !existsSync(path.join(ROOT, distDir, "BUILD_ID"))) {
    console.log(`building the production app into ${distDir}...`);
    const b = spawnSync("node", ["node_modules/next/dist/bin/next", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_DIST_DIR: distDir, SKIP_BUILD_TYPECHECK: "1" } });
    if (b.status !== 0) throw new Error("next build failed");
  }
  const opts: Omit<BrowserBenchOptions, "baseUrl" | "databaseUrl" | "largeBusinessId"> = { distDir, nextAuthSecret: SECRET };
  if (only && only.length === 1 && only[0] === "js") {
    printRows(await run({ ...opts, baseUrl: "", databaseUrl: "", largeBusinessId: 0 }, { only }));
    return;
  }
  const target = await throwawayDatabase();
  let server: ChildProcess | undefined;
  try {
    await migrate(target.url);
    const customers = Number(flag("customers") ?? 10_000);
    const seeded = await seedLargeBusiness(target.url, { customers, transactions: Number(flag("transactions") ?? customers * 20) });
    console.log(`database: ${target.kind}; seeded ${seeded.customers} customers, ${seeded.transactions} transactions in ${seeded.ms} ms`);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = spawn("node", ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], {
      cwd: ROOT,
      env: { ...process.env, NEXT_DIST_DIR: distDir, DATABASE_URL: target.url, NEXTAUTH_SECRET: SECRET, NEXTAUTH_URL: baseUrl, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitForServer(`${baseUrl}/api/auth/user`, server);
    const preset = flag("preset") === "desktop" ? "desktop" : flag("preset") === "mobile" ? "mobile" : undefined;
    const rows = await run(
      { ...opts, baseUrl, databaseUrl: target.url, largeBusinessId: seeded.businessId },
      { only, lighthouseRuns: flag("lighthouse-runs") ? Number(flag("lighthouse-runs")) : undefined, preset },
    );
    console.log("");
    printRows(rows);
    console.log(`\nbrowser bench took ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    server?.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    await target.drop().catch(() => {});
  }
}
