// POST /api/transactions under load: throughput and latency at 20 concurrent clients, next to a
// trivial authenticated endpoint (GET /api/auth/user) measured in the same run against the same
// production server, then a check that every balance still equals its ledger.
//   node --import tsx bench/transactions.ts [--connections 20] [--duration 10] [--customers 2000] [--without-commit-lock] [--out file.json]
// --without-commit-lock disables the wallet's commit-order trigger (migration 20261125211501: one
// advisory lock taken at every pass-changing commit) in the throwaway database, to measure its cost.
// Uses a throwaway database (DATABASE_URL's server when set, else embedded PGlite) and the
// production build in .next (built first when missing).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { Client } from "pg";
import { migrate } from "../scripts/lib/embedded-db";
import { throwawayDatabase } from "./lib/throwaway-db";
import { cpuSeconds, groupRssMb, waitForServer } from "./lib/server";
import { businessCookie } from "./lib/sessions";
import { seedLargeBusiness } from "./seed-large";
import { freePort, isListening } from "../scripts/lib/ports";

const ROOT = path.resolve(__dirname, "..");
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CONNECTIONS = arg("connections", 20);
const DURATION = arg("duration", 10);
const CUSTOMERS = arg("customers", 2000);
const PORT_ASKED = arg("port", 0); // 0: a free port (helpers running benches at once each get their own)
const SECRET = "bench-secret-0123456789abcdef0123456789";

type Run = { label: string; requests: number; rps: number; p50: number; p95: number; p99: number; errors: number; non2xx: number; cpu?: CpuPerRequest };

/** What one request cost, averaged over a run: CPU milliseconds of the server (its process group)
 *  and of the throwaway database's backends (read from /proc: steadier than req/s on a shared
 *  machine, null on PGlite), and the database's commits (each statement outside a transaction is
 *  one: the round trips that write or read alone). */
type CpuPerRequest = { serverMs: number; databaseMs: number | null; commits: number | null };

/** The server's resident memory: every process of its group but npm's own wrapper. */
const rssMb = (pid: number) => groupRssMb(pid);

function load(opts: autocannon.Options, label: string, server: ChildProcess, peak: { mb: number }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const sampler = setInterval(() => (peak.mb = Math.max(peak.mb, rssMb(server.pid!))), 500);
    autocannon(opts, (err, r) => {
      clearInterval(sampler);
      if (err) return reject(err);
      resolve({ label, requests: r.requests.total, rps: Math.round(r.requests.average), p50: r.latency.p50, p95: r.latency.p97_5 ?? r.latency.p99, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx });
    });
  });
}

/** Runs `load` with the server's and the database's CPU and the database's commits counted around it. */
async function measured(opts: autocannon.Options, label: string, server: ChildProcess, peak: { mb: number }, pg: Client, dbName: string | null): Promise<Run> {
  const commits = async () => (dbName ? Number((await pg.query(`SELECT xact_commit FROM pg_stat_database WHERE datname = $1`, [dbName])).rows[0].xact_commit) : null);
  const dbCpu = () => (dbName ? cpuSeconds({ match: ` ${dbName} ` }) : null);
  const [s0, d0, c0] = [cpuSeconds({ pgid: server.pid! }), dbCpu(), await commits()];
  const run = await load(opts, label, server, peak);
  // The statistics collector reports a backend's counts when it goes idle: let it settle.
  await new Promise((r) => setTimeout(r, 1000));
  const [s1, d1, c1] = [cpuSeconds({ pgid: server.pid! }), dbCpu(), await commits()];
  const per = (a: number | null, b: number | null, scale: number) => (a === null || b === null || run.requests === 0 ? null : Math.round(((b - a) * scale * 100) / run.requests) / 100);
  run.cpu = { serverMs: per(s0, s1, 1000) ?? 0, databaseMs: per(d0, d1, 1000), commits: per(c0, c1, 1) };
  return run;
}

async function main() {
  // Its own build folder, so a bench never races an e2e build over .next. --rebuild forces a fresh one.
  process.env.NEXT_DIST_DIR ??= ".next-bench";
  process.env.SKIP_BUILD_TYPECHECK ??= "1";
  if (process.argv.includes("--rebuild") || !existsSync(path.join(ROOT, process.env.NEXT_DIST_DIR, "BUILD_ID"))) {
    console.log(`building the production app into ${process.env.NEXT_DIST_DIR}...`);
    const b = spawnSync("node", ["node_modules/next/dist/bin/next", "build"], { cwd: ROOT, stdio: "inherit", env: process.env });
    if (b.status !== 0) throw new Error("next build failed");
  }
  const target = await throwawayDatabase();
  console.log(`database: ${target.kind}`);
  let server: ChildProcess | undefined;
  try {
    await migrate(target.url);
    const withoutLock = process.argv.includes("--without-commit-lock");
    if (withoutLock) {
      const c = new Client({ connectionString: target.url });
      await c.connect();
      await c.query(`ALTER TABLE loyalty_cards DISABLE TRIGGER loyalty_cards_pass_tag_at_commit`);
      await c.end();
    }
    const seeded = await seedLargeBusiness(target.url, { customers: CUSTOMERS, transactions: CUSTOMERS * 10, vouchers: 0 });
    const pg = new Client({ connectionString: target.url });
    await pg.connect();
    const cookie = await businessCookie(pg, seeded.businessId, SECRET);
    const ids = (await pg.query<{ id: number }>(`SELECT id FROM customers WHERE "businessId" = $1 AND "accountStatus" = 'active' AND "sleepStatus" = 'active' AND "parkedAt" IS NULL`, [seeded.businessId])).rows.map((r) => r.id);

    // A port another process already serves would answer for our server (its figures, its 404s).
    const PORT = PORT_ASKED || (await freePort());
    if (await isListening(PORT)) throw new Error(`port ${PORT} is already in use: pass another --port`);
    // The package's start script (its node flags included), in its own process group.
    server = spawn("npm", ["run", "-s", "start", "--", "-p", String(PORT)], {
      detached: true,
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: target.url, NEXTAUTH_SECRET: SECRET, NEXTAUTH_URL: `http://127.0.0.1:${PORT}`, NODE_ENV: "production", DATABASE_POOL_MAX: target.kind.includes("PGlite") ? "5" : "10" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const base = `http://127.0.0.1:${PORT}`;
    await waitForServer(`${base}/api/auth/user`, server);
    const peak = { mb: rssMb(server.pid!) };
    const headers = { cookie, "content-type": "application/json" };
    // Warm both routes up (first compile of each handler, pools).
    await load({ url: `${base}/api/auth/user`, connections: 4, duration: 2, headers }, "warm-up", server, peak);

    const dbName = target.kind.startsWith("PostgreSQL") ? new URL(target.url).pathname.slice(1) : null;
    const trivial = await measured({ url: `${base}/api/auth/user`, connections: CONNECTIONS, duration: DURATION, headers }, "GET /api/auth/user (trivial, authenticated)", server, peak, pg, dbName);
    let n = 0;
    const before = Number((await pg.query(`SELECT count(*) FROM transactions WHERE "businessId" = $1`, [seeded.businessId])).rows[0].count);
    const posts = await measured(
      {
        url: base,
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [
          {
            method: "POST",
            path: "/api/transactions",
            headers,
            setupRequest: (req) => {
              const customerId = ids[(n++ * 7919) % ids.length];
              const body = n % 10 === 0 ? { customerId, type: "bonus_points", amount: "5" } : { customerId, type: "purchase", amount: (1 + (n % 2500) / 100).toFixed(2) };
              return { ...req, body: JSON.stringify(body) };
            },
          },
        ],
      },
      "POST /api/transactions (purchase / bonus)",
      server,
      peak,
      pg,
      dbName,
    );
    const after = Number((await pg.query(`SELECT count(*) FROM transactions WHERE "businessId" = $1`, [seeded.businessId])).rows[0].count);
    const broken = (
      await pg.query(
        `SELECT count(*) FROM customers c
         LEFT JOIN (SELECT "customerId", sum(points) AS s FROM points_ledger GROUP BY 1) l ON l."customerId" = c.id
         WHERE c."businessId" = $1 AND c."totalPoints" <> coalesce(l.s, 0)`,
        [seeded.businessId],
      )
    ).rows[0].count;
    await pg.end();

    const ratio = posts.rps / trivial.rps;
    const rows = [trivial, posts];
    console.log(`\n${CONNECTIONS} concurrent clients, ${DURATION} s each, ${target.kind}${withoutLock ? ", WITHOUT the wallet commit-order lock" : ""}; load average ${loadavg().map((x) => x.toFixed(2)).join(" ")}\n`);
    console.log("scenario                                        req/s      p50      p95      p99   errors  non-2xx");
    for (const r of rows) console.log(`${r.label.padEnd(46)} ${String(r.rps).padStart(6)} ${String(r.p50).padStart(6)}ms ${String(r.p95).padStart(6)}ms ${String(r.p99).padStart(6)}ms ${String(r.errors).padStart(7)} ${String(r.non2xx).padStart(8)}`);
    console.log("\nper request (CPU ms of the server / of the database backends, database commits):");
    for (const r of rows) console.log(`${r.label.padEnd(46)} server ${r.cpu?.serverMs} ms, database ${r.cpu?.databaseMs ?? "n/a"} ms, commits ${r.cpu?.commits ?? "n/a"}`);
    const cpuOf = (r: Run) => (r.cpu ? r.cpu.serverMs + (r.cpu.databaseMs ?? 0) : 0);
    if (cpuOf(trivial) > 0) console.log(`CPU per request, POST / trivial: ${(cpuOf(posts) / cpuOf(trivial)).toFixed(2)}x (1 / 0.7 = 1.43x is the budget's equivalent on saturated cores)`);
    console.log(`\nPOST throughput = ${(ratio * 100).toFixed(0)}% of the trivial endpoint (budget >= 70%): ${ratio >= 0.7 ? "met" : "NOT met"}`);
    console.log(`transactions written: ${after - before} (requests answered 2xx: ${posts.requests - posts.non2xx - posts.errors})`);
    console.log(`customers whose balance differs from their ledger: ${broken} (budget 0): ${Number(broken) === 0 ? "met" : "NOT met"}`);
    console.log(`peak server memory: ${peak.mb} MB (budget < 300 MB): ${peak.mb < 300 ? "met" : "NOT met"}`);
    const out = process.argv.indexOf("--out");
    writeFileSync(
      out > 0 ? path.resolve(process.argv[out + 1]) : path.join(ROOT, "bench", withoutLock ? "results-transactions-without-commit-lock.json" : "results-transactions.json"),
      JSON.stringify({ at: new Date().toISOString(), build: process.env.NEXT_DIST_DIR, database: target.kind, commitOrderLock: !withoutLock, loadAverage: loadavg(), connections: CONNECTIONS, durationSeconds: DURATION, runs: rows, throughputRatio: ratio, transactionsWritten: after - before, ledgerMismatches: Number(broken), peakRssMb: peak.mb }, null, 2) + "\n",
    );
  } finally {
    try {
      if (server?.pid) process.kill(-server.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
    await new Promise((r) => setTimeout(r, 500));
    await target.drop().catch(() => {});
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
