// Dashboard benchmark: `node --import tsx bench/dashboard.ts [--customers 10000] [--transactions 200000]
// [--runs 30] [--warmup 5] [--keep]`.
//
// 1. Creates a throwaway database: a new database on DATABASE_URL's server when it is set (and is
//    not a PGlite), otherwise an in-memory embedded PGlite; applies the migrations.
// 2. Seeds one large business (bench/seed-large.ts) plus a smaller second business, so every
//    query has to pick its own business's rows out of someone else's.
// 3. In this process, calls the real route handlers with a NextRequest carrying a real session
//    cookie of the large business (GET /api/auth/user first: the wrapper's own cost, i.e. session
//    lookup and maintenance check), and times the equivalent hand-written SQL (bench/equivalent-sql.ts)
//    over a direct pg connection in the same run. Median and p95 over --runs calls after --warmup.
// 4. Prints a table and writes bench/results-dashboard.json. The database is dropped unless --keep.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Client } from "pg";
import { migrate, serverVersion } from "../scripts/lib/embedded-db";
import { throwawayDatabase } from "./lib/throwaway-db";
import { round2 as round, timing as stats, type Timing } from "./lib/stats";
import { seedLargeBusiness } from "./seed-large";
import { EQUIVALENT_SQL } from "./equivalent-sql";
import { businessSessionCookie, pointAppAt, type RouteHandler as Handler } from "./lib/in-process";
import { flagArg, numberArg } from "./lib/child-bench";

type ResultRow = { endpoint: string; app: Timing | null; sql: Timing | null; ratio: number | null; bytes: number | null; sqlRows: number | null; note?: string };

const ROOT = path.resolve(__dirname, "..");


const CUSTOMERS = numberArg("customers", 10_000);
const TRANSACTIONS = numberArg("transactions", 200_000);
const RUNS = numberArg("runs", 30);
const WARMUP = numberArg("warmup", 5);
const KEEP = flagArg("keep");



async function timeIt<T>(runs: number, warmup: number, fn: () => Promise<T>): Promise<{ timing: Timing; last: T }> {
  let last!: T;
  for (let i = 0; i < warmup; i++) last = await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await fn();
    samples.push(performance.now() - t0);
  }
  return { timing: stats(samples), last };
}

async function main() {
  const started = Date.now();
  const target = await throwawayDatabase();
  console.log(`database: ${target.kind}`);
  try {
    await migrate(target.url);
    const now = new Date();
    console.log(`seeding ${CUSTOMERS.toLocaleString("en-GB")} customers and ${TRANSACTIONS.toLocaleString("en-GB")} transactions...`);
    const big = await seedLargeBusiness(target.url, { customers: CUSTOMERS, transactions: TRANSACTIONS, now, seed: 0.42, label: "Bench Large Café" });
    const other = await seedLargeBusiness(target.url, {
      customers: Math.round(CUSTOMERS / 5),
      transactions: Math.round(TRANSACTIONS / 5),
      now,
      seed: 0.17,
      label: "Bench Neighbour Café",
    });
    console.log(
      `seeded business ${big.businessId} in ${(big.ms / 1000).toFixed(1)} s (${big.ledgerRows.toLocaleString("en-GB")} ledger rows, ${big.vouchers.toLocaleString("en-GB")} vouchers); ` +
        `neighbour business ${other.businessId} (${other.customers.toLocaleString("en-GB")} customers, ${other.transactions.toLocaleString("en-GB")} transactions) in ${(other.ms / 1000).toFixed(1)} s`,
    );

    // The app reads its configuration when first imported: point it at the bench database first.
    pointAppAt(target.url);
    const { NextRequest } = await import("next/server");
    const { lastSevenDays, activeSince } = await import("../lib/rules/dashboard-window");

    const endpoints: [string, string, Handler | null][] = [["GET /api/auth/user", "app/api/auth/user/route.ts", null]];
    for (const p of ["customers", "dashboard/stats", "dashboard/impact-stats", "dashboard/recent-customers", "dashboard/money-makers", "dashboard/super-fans", "dashboard/weekly-stats"]) {
      endpoints.push([`GET /api/${p}`, `app/api/${p}/route.ts`, null]);
    }
    for (const e of endpoints) {
      if (fs.existsSync(path.join(ROOT, e[1]))) e[2] = ((await import(path.join(ROOT, e[1]))) as { GET: Handler }).GET;
    }

    const cookie = await businessSessionCookie(big.businessId);
    const week = lastSevenDays(now);
    const ts = (d: Date) => d.toISOString();
    const params = {
      business: [big.businessId],
      stats: [big.businessId, ts(week.start), ts(week.end), ts(activeSince(now))],
      weekly: [big.businessId, ...week.days.map((d) => ts(d.start)), ts(week.end)],
    };

    const pg = new Client({ connectionString: target.url });
    await pg.connect();
    const results: ResultRow[] = [];
    try {
      for (const [endpoint, file, handler] of endpoints) {
        if (!handler) {
          console.log(`${endpoint}: skipped (${file} does not exist yet)`);
          results.push({ endpoint, app: null, sql: null, ratio: null, bytes: null, sqlRows: null, note: `skipped: ${file} not found` });
          continue;
        }
        const url = `http://localhost${endpoint.slice(4)}`;
        const call = async () => {
          const res = await handler(new NextRequest(url, { headers: { cookie } }), { params: Promise.resolve({}) });
          const text = await res.text();
          if (res.status !== 200) throw new Error(`${endpoint} answered ${res.status}: ${text.slice(0, 300)}`);
          return text.length;
        };
        const app = await timeIt(RUNS, WARMUP, call);
        const eq = EQUIVALENT_SQL[endpoint];
        const sql = eq ? await timeIt(RUNS, WARMUP, async () => (await pg.query(eq.sql, params[eq.params])).rowCount ?? 0) : null;
        const row: ResultRow = {
          endpoint,
          app: app.timing,
          sql: sql?.timing ?? null,
          ratio: sql ? round(app.timing.median / Math.max(sql.timing.median, 0.01)) : null,
          bytes: app.last,
          sqlRows: sql?.last ?? null,
          note: eq ? undefined : "the wrapper alone: session lookup + maintenance check",
        };
        results.push(row);
        console.log(`${endpoint}: app median ${row.app!.median} ms, p95 ${row.app!.p95} ms${sql ? `; SQL median ${sql.timing.median} ms, p95 ${sql.timing.p95} ms` : ""}`);
      }
    } finally {
      await pg.end();
      const g = globalThis as unknown as { __db?: { $disconnect(): Promise<void> } };
      await g.__db?.$disconnect().catch(() => undefined);
    }

    printTable(results);
    const out = {
      when: new Date().toISOString(),
      database: target.kind,
      server: (await serverVersion(target.url))?.split(" on ")[0] ?? null,
      // A busy machine inflates every figure alike: the load average says how busy it was.
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? null, node: process.version, loadAverage: os.loadavg().map((l) => round(l)) },
      data: { customers: CUSTOMERS, transactions: TRANSACTIONS, ledgerRows: big.ledgerRows, vouchers: big.vouchers, seedMs: big.ms, neighbour: { customers: other.customers, transactions: other.transactions } },
      runs: RUNS,
      warmup: WARMUP,
      unit: "ms",
      results,
      totalSeconds: Math.round((Date.now() - started) / 1000),
    };
    fs.writeFileSync(path.join(__dirname, "results-dashboard.json"), `${JSON.stringify(out, null, 2)}\n`);
    console.log(`\nwrote bench/results-dashboard.json (${out.totalSeconds} s in all)`);
    if (KEEP) console.log(`kept the database: ${target.url}`);
  } finally {
    if (!KEEP) await target.drop().catch((e) => console.error("could not drop the bench database:", e));
  }
}

function printTable(rows: ResultRow[]) {
  const head = ["endpoint", "app median", "app p95", "SQL median", "SQL p95", "app/SQL", "body"];
  const lines = rows.map((r) => [
    r.endpoint,
    r.app ? `${r.app.median} ms` : "-",
    r.app ? `${r.app.p95} ms` : "-",
    r.sql ? `${r.sql.median} ms` : "-",
    r.sql ? `${r.sql.p95} ms` : "-",
    r.ratio !== null ? `${r.ratio}x` : "-",
    r.bytes !== null ? `${(r.bytes / 1024).toFixed(1)} kB` : (r.note ?? ""),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(`\n${fmt(head)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const l of lines) console.log(fmt(l));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
