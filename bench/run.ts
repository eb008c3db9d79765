// `npm run bench`: the whole benchmark suite with its budgets, in one run (issue 10).
//   node --import tsx bench/run.ts [--quick] [--customers 100000] [--transactions 2000000] [--vouchers 20000]
//     [--businesses 10000] [--runs 60] [--duration 10] [--connections 20] [--rebuild]
//     [--skip-browser] [--skip-wallet] [--skip-isolation] [--skip-reads] [--skip-automations] [--skip-insights] [--keep]
// 1. Builds the production app into .next-bench (reused while no source file is newer), makes a
//    throwaway database (DATABASE_URL's server, or 127.0.0.1:5432 when it answers, else embedded
//    PGlite), applies the migrations and seeds one small "probe" business.
// 2. Starts `npm start` (next start) and measures the probe's endpoints on the near-empty database.
// 3. Seeds the rest of the data set (the large business and the other small ones, to --businesses
//    in all) and measures the probe again (isolation from size: each endpoint's median within ±20%
//    of the empty database's, bench/lib/isolation.ts), then the large business's
//    dashboard and lists next to the hand-written SQL over a direct connection and the trivial
//    authenticated endpoint, then POST /api/transactions at --connections clients next to the
//    trivial endpoint at the same concurrency, and the ledger afterwards.
//    The data set is issue 23's (bench/seed.ts FULL_SCALE: 100,000 customers, 2,000,000
//    transactions, 20,000 vouchers, 10,000 businesses), its seed time a row; --quick is a tenth of it.
//    The large business's marketing export (GET /api/customers/marketing-export) is read whole,
//    timed, with the server's memory sampled alongside.
// 4. The browser budgets (bench/browser), wallet pushes (bench/wallet-push) and live wallet passes
//    (bench/wallet-live: 1,000 phones, 10 changes a second, issue 18) modules.
// Prints one table with each budget met or not and writes bench/results.json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Client } from "pg";
import { migrate, serverVersion } from "../scripts/lib/embedded-db";
import { lastSevenDays, activeSince } from "../lib/rules/dashboard-window";
import { throwawayDatabase } from "./lib/throwaway-db";
import type { BenchRow } from "./lib/results";
import { cpuSeconds, ensureBuild, groupBreakdown, ROOT, startServer, type Server } from "./lib/server";
import { load, type LoadResult } from "./lib/load";
import { businessCookie } from "./lib/sessions";
import { timing, round2, type Timing } from "./lib/stats";
import { printTable } from "./lib/print-table";
import { seedManyBusinesses } from "./seed-many";
import { FULL_SCALE, seedDataSet, seedRow, slowestSteps } from "./seed";
import { measureExport } from "./lib/measure-export";
import { BASE_TABLE_SQL, EQUIVALENT_SQL } from "./equivalent-sql";
import { flagArg, numberArg } from "./lib/child-bench";
import { isolationRow } from "./lib/isolation";


// --quick (CI): a tenth of the data set; the issue's figures are the full one's.
const SCALE = flagArg("quick") ? { customers: 10_000, transactions: 200_000, vouchers: 2_000, businesses: 1_000 } : FULL_SCALE;
const O = {
  customers: numberArg("customers", SCALE.customers),
  transactions: numberArg("transactions", SCALE.transactions),
  vouchers: numberArg("vouchers", SCALE.vouchers),
  businesses: numberArg("businesses", SCALE.businesses),
  runs: numberArg("runs", 60),
  duration: numberArg("duration", 10),
  connections: numberArg("connections", 20),
  port: numberArg("port", 3360),
};
const DIST = process.env.BENCH_DIST_DIR ?? ".next-bench";
const SECRET = "bench-only-nextauth-secret-0123456789abcdef";

const DASHBOARD = ["stats", "impact-stats", "recent-customers", "money-makers", "super-fans", "weekly-stats"];

async function localPostgres(): Promise<string | undefined> {
  const url = "postgresql://postgres@127.0.0.1:5432/postgres";
  const c = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    await c.end();
    return url;
  } catch {
    return undefined;
  }
}

async function timeSql(pg: Client, sql: string, params: unknown[], runs: number): Promise<Timing & { rows: number; samples: number[] }> {
  let rows = 0;
  for (let i = 0; i < 5; i++) await pg.query(sql, params);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    rows = (await pg.query(sql, params)).rowCount ?? 0;
    samples.push(performance.now() - t0);
  }
  return { ...timing(samples), rows, samples };
}

async function main() {
  const started = Date.now();
  const rows: BenchRow[] = [];
  const raw: Record<string, unknown> = {};
  let peakOf: (() => number) | undefined;
  const log = (s: string) => console.log(`[${Math.round((Date.now() - started) / 1000)} s]${peakOf ? ` [server peak ${peakOf()} MB]` : ""} ${s}`);

  const build = ensureBuild(DIST, flagArg("rebuild"));
  log(build.built ? `built in ${build.seconds} s` : `reusing the build in ${DIST}`);
  process.env.DATABASE_URL ??= await localPostgres();
  const target = await throwawayDatabase();
  const pglite = target.kind.includes("PGlite");
  log(`database: ${target.kind}`);
  let server: Server | undefined;
  const pg = new Client({ connectionString: target.url });
  try {
    await migrate(target.url);
    await pg.connect();
    const now = new Date();
    // Two small probe businesses: one whose reads are measured, one that takes the POSTs (so the
    // reads' lists do not grow between the two measurements).
    const [probe, probeWriter] = (await seedManyBusinesses(target.url, { businesses: 2, now, seed: 0.5, label: "Bench Probe Café" })).businessIds;
    const probeCustomers = (await pg.query<{ id: number }>(`SELECT id FROM customers WHERE "businessId" = $1`, [probeWriter])).rows.map((r) => r.id);

    server = await startServer({
      distDir: DIST,
      port: O.port,
      env: { DATABASE_URL: target.url, NEXTAUTH_SECRET: SECRET, NEXTAUTH_URL: `http://127.0.0.1:${O.port}`, ...(pglite ? { DATABASE_POOL_MAX: "5" } : {}) },
    });
    const base = server.base;
    peakOf = server.peakMb;
    log(`server up at ${base} (${server.peakMb()} MB)`);
    const probeCookie = await businessCookie(pg, probe, SECRET);
    const writerCookie = await businessCookie(pg, probeWriter, SECRET);

    // ---- the probe business on the near-empty database, then on the full one
    let p = 0;
    const probePost = () => ({ customerId: probeCustomers[p++ % probeCustomers.length], type: "purchase", amount: "4.50" });
    const probeScenarios: [string, Parameters<typeof load>[0]][] = [
      ["GET /api/dashboard/stats", { url: `${base}/api/dashboard/stats`, connections: 1, headers: { cookie: probeCookie } }],
      ["GET /api/customers", { url: `${base}/api/customers`, connections: 1, headers: { cookie: probeCookie } }],
      ["GET /api/transactions", { url: `${base}/api/transactions`, connections: 1, headers: { cookie: probeCookie } }],
      ["POST /api/transactions", { url: `${base}/api/transactions`, connections: 1, method: "POST", body: probePost, headers: { cookie: writerCookie } }],
    ];
    // Each endpoint in rounds alternating with the trivial endpoint, so the comparison can be made
    // relative to the framework's floor at the same moments (the machine is shared and noisy).
    const measureProbe = async () => {
      const out: Record<string, LoadResult & { trivialMedian: number }> = {};
      for (const [name, s] of probeScenarios) {
        const samples: number[] = [];
        const trivialSamples: number[] = [];
        let failures = 0;
        await load({ ...s, amount: 20 });
        for (let r = 0; r < 5; r++) {
          trivialSamples.push(...(await load({ url: `${base}/api/auth/user`, connections: 1, headers: s.headers, amount: Math.ceil(O.runs / 5) })).samples);
          const a = await load({ ...s, amount: Math.ceil((O.runs * 2) / 5) });
          samples.push(...a.samples);
          failures += a.errors + a.non2xx;
        }
        out[name] = { ...timing(samples), samples, rps: 0, requests: samples.length, errors: failures, non2xx: 0, trivialMedian: timing(trivialSamples).median };
      }
      return out;
    };
    const skipProbe = flagArg("skip-isolation");
    const empty = skipProbe ? {} : await measureProbe();
    if (!skipProbe) log(`probe on the empty database: ${Object.entries(empty).map(([k, v]) => `${k} ${v.median} ms`).join("; ")}`);

    // ---- the data set
    const set = await seedDataSet(target.url, { customers: O.customers, transactions: O.transactions, vouchers: O.vouchers, businesses: O.businesses, now, extra: 2, consent: true });
    const { large, many } = set;
    log(`seeded the large business in ${(large.ms / 1000).toFixed(1)} s`);
    log(`seeded ${many.businessIds.length} small businesses (${many.customers} customers, ${many.transactions} transactions) in ${(many.ms / 1000).toFixed(1)} s alongside; ${set.indexes.count} indexes built in ${(set.indexes.ms / 1000).toFixed(1)} s`);
    log(`the seed's slowest steps: ${slowestSteps(set)}`);
    rows.push({ ...seedRow(set, O.businesses), note: `${seedRow(set, O.businesses).note}; load average ${os.loadavg().map(round2).join(" ")}` });
    // Settle the bulk load now (visibility map, statistics), so autovacuum does not do it on the
    // 2 cores in the middle of the measurements that follow.
    const vac = Date.now();
    await pg.query("VACUUM ANALYZE");
    log(`VACUUM ANALYZE in ${((Date.now() - vac) / 1000).toFixed(1)} s`);
    raw.data = { businesses: many.businessIds.length + 3, large: { customers: large.customers, transactions: large.transactions, vouchers: large.vouchers, ledgerRows: large.ledgerRows }, small: { customers: many.customers, transactions: many.transactions } };

    const full = skipProbe ? {} : await measureProbe();
    if (!skipProbe) log(`probe on the full database: ${Object.entries(full).map(([k, v]) => `${k} ${v.median} ms`).join("; ")}`);
    for (const [name] of skipProbe ? [] : probeScenarios) rows.push(isolationRow(name, empty[name], full[name]));
    raw.isolation = { empty: strip(empty), full: strip(full) };

    // ---- the large business: dashboard and lists next to hand-written SQL and the trivial endpoint
    const cookie = await businessCookie(pg, large.businessId, SECRET);
    const headers = { cookie };
    const trivial = await load({ url: `${base}/api/auth/user`, connections: 1, headers, amount: O.runs, warmup: 20 });
    rows.push({ group: "framework", name: "GET /api/auth/user (trivial, authenticated) median", value: trivial.median, unit: "ms", met: null, note: `p95 ${trivial.p95} ms` });
    const week = lastSevenDays(now);
    const ts = (d: Date) => d.toISOString();
    const params = {
      business: [large.businessId],
      stats: [large.businessId, ts(week.start), ts(week.end), ts(activeSince(now))],
      weekly: [large.businessId, ...week.days.map((d) => ts(d.start)), ts(week.end)],
    };
    // Endpoint, trivial endpoint and SQL are measured in alternating rounds, so a burst of load from
    // elsewhere on the machine falls on all three alike.
    const ROUNDS = 5;
    const compare = async (group: string, pathName: string, factor: number, p95Budget?: number) => {
      const endpoint = `GET ${pathName}`;
      const eq = EQUIVALENT_SQL[endpoint];
      const per = Math.max(4, Math.ceil(O.runs / ROUNDS));
      const appSamples: number[] = [];
      const trivialSamples: number[] = [];
      const sqlSamples: number[] = [];
      let failures = 0;
      await load({ url: `${base}${pathName}`, connections: 1, headers, amount: 10 });
      for (let r = 0; r < ROUNDS; r++) {
        trivialSamples.push(...(await load({ url: `${base}/api/auth/user`, connections: 1, headers, amount: per })).samples);
        const a = await load({ url: `${base}${pathName}`, connections: 1, headers, amount: per });
        appSamples.push(...a.samples);
        failures += a.errors + a.non2xx;
        sqlSamples.push(...(await timeSql(pg, eq.sql, params[eq.params], per)).samples);
      }
      const app = timing(appSamples);
      const sql = timing(sqlSamples);
      const triv = timing(trivialSamples);
      const baseEq = BASE_TABLE_SQL[endpoint];
      const baseSql = baseEq ? await timeSql(pg, baseEq.sql, params[baseEq.params], Math.min(O.runs, 15)) : null;
      const floor = sql.median + triv.median;
      const ratio = app.median / floor;
      const ok = failures === 0;
      raw[endpoint] = { app, sql, trivial: triv, baseTableSql: baseSql && { ...baseSql, samples: undefined } };
      log(`${endpoint}: app ${app.median}/${app.p95} ms; SQL ${sql.median}/${sql.p95} ms; trivial ${triv.median} ms`);
      rows.push({
        group,
        name: `${endpoint} median`,
        value: app.median,
        unit: "ms",
        reference: { label: "hand-written SQL", value: sql.median, unit: "ms" },
        budget: `<= ${factor}x (SQL + trivial endpoint)`,
        met: ok && ratio <= factor,
        note: `${round2(ratio)}x of ${round2(floor)} ms (trivial ${triv.median} ms)${baseSql ? `; from the base tables alone SQL takes ${baseSql.median} ms` : ""}${ok ? "" : `; ${failures} failed requests`}`,
      });
      if (p95Budget) {
        rows.push({ group, name: `${endpoint} p95`, value: app.p95, unit: "ms", reference: { label: "hand-written SQL p95", value: sql.p95, unit: "ms" }, budget: `< ${p95Budget} ms`, met: ok && app.p95 < p95Budget });
      }
    };
    if (!flagArg("skip-reads")) {
      for (const d of DASHBOARD) await compare("dashboard", `/api/dashboard/${d}`, 1.5, 100);
      await compare("lists", "/api/customers", 2);
      await compare("lists", "/api/customers?limit=1000", 2);
      await compare("lists", "/api/transactions", 2);
    }

    // ---- the marketing export of the large business: streamed whole, server memory sampled alongside
    if (!flagArg("skip-export")) rows.push(...(await measureExport(base, headers, server.process.pid!)));

    // ---- POST /api/transactions under load, next to the trivial endpoint at the same concurrency
    const ids = (
      await pg.query<{ id: number }>(`SELECT id FROM customers WHERE "businessId" = $1 AND "accountStatus" = 'active' AND "sleepStatus" = 'active' AND "parkedAt" IS NULL`, [large.businessId])
    ).rows.map((r) => r.id);
    const dbName = new URL(target.url).pathname.slice(1);
    const cpuNow = () => ({ app: cpuSeconds({ pgid: server!.process.pid! }), db: pglite ? 0 : cpuSeconds({ match: dbName }) });
    const cpuT0 = cpuNow();
    const trivialLoad = await load({ url: `${base}/api/auth/user`, connections: O.connections, headers, duration: O.duration, warmup: 40 });
    const cpuT1 = cpuNow();
    let n = 0;
    const body = () => {
      n++;
      const customerId = ids[(n * 7919) % ids.length];
      if (n % 10 === 0) return { customerId, type: "bonus_points", amount: "5" };
      if (n % 10 === 5) return { customerId, type: "points_adjustment", pointsAdjustment: 3, description: "bench" };
      return { customerId, type: "purchase", amount: (1 + (n % 2500) / 100).toFixed(2) };
    };
    const before = Number((await pg.query(`SELECT count(*) FROM transactions WHERE "businessId" = $1`, [large.businessId])).rows[0].count);
    const cpu0 = cpuNow();
    const posts = await load({ url: `${base}/api/transactions`, method: "POST", body, connections: O.connections, headers, duration: O.duration, warmup: 40 });
    const cpu1 = cpuNow();
    // CPU milliseconds per request (warm-up included in the denominator), server and database.
    const perRequest = (a: { app: number; db: number }, b: { app: number; db: number }, n: number) => ({ app: round2(((b.app - a.app) * 1000) / n), db: pglite ? null : round2(((b.db - a.db) * 1000) / n) });
    const cpu = { trivial: perRequest(cpuT0, cpuT1, trivialLoad.requests + 40), post: perRequest(cpu0, cpu1, posts.requests + 40) };
    log(`CPU ms per request: trivial server ${cpu.trivial.app}, db ${cpu.trivial.db ?? "?"}; POST server ${cpu.post.app}, db ${cpu.post.db ?? "?"}`);
    const after = Number((await pg.query(`SELECT count(*) FROM transactions WHERE "businessId" = $1`, [large.businessId])).rows[0].count);
    const broken = Number(
      (
        await pg.query(
          `SELECT count(*) FROM customers c LEFT JOIN (SELECT "customerId", sum(points) AS s FROM points_ledger GROUP BY 1) l ON l."customerId" = c.id
           WHERE c."totalPoints" <> coalesce(l.s, 0)`,
        )
      ).rows[0].count,
    );
    const share = posts.rps / trivialLoad.rps;
    log(`POST ${posts.rps} req/s (p95 ${posts.p95} ms) vs trivial ${trivialLoad.rps} req/s; ${posts.errors} errors, ${posts.non2xx} non-2xx`);
    raw.post = { cpuMsPerRequest: cpu, trivial: { ...trivialLoad, samples: undefined }, posts: { ...posts, samples: undefined }, written: after - before, ledgerMismatches: broken };
    rows.push({
      group: "transactions",
      name: `POST /api/transactions throughput (${O.connections} clients)`,
      value: posts.rps,
      unit: "req/s",
      reference: { label: "trivial authenticated endpoint", value: trivialLoad.rps, unit: "req/s" },
      budget: ">= 70% of the trivial endpoint",
      met: share >= 0.7,
      note: `${Math.round(share * 100)}%; p50 ${posts.median} ms, p95 ${posts.p95} ms`,
    });
    rows.push({
      group: "transactions",
      name: "POST /api/transactions errors",
      value: posts.errors + posts.non2xx,
      unit: "ratio",
      budget: "0",
      met: posts.errors + posts.non2xx === 0 && after - before >= posts.requests,
      note: `${after - before} transactions written (40 of them by the warm-up) for ${posts.requests} counted requests`,
    });
    rows.push({ group: "transactions", name: "customers whose balance differs from the ledger", value: broken, unit: "ratio", budget: "0", met: broken === 0 });

    // ---- the browser budgets and the wallet pushes (other modules; a failure is a row, not a crash)
    log("starting the browser budgets");
    if (!flagArg("skip-browser")) {
      rows.push(
        ...(await optionalModule("pages", "browser budgets", "./browser/index", async (m) =>
          (m as { runBrowserBench: (o: { baseUrl: string; distDir: string; databaseUrl: string; nextAuthSecret: string; largeBusinessId: number }) => Promise<BenchRow[]> }).runBrowserBench({
            baseUrl: base,
            distDir: path.join(ROOT, DIST),
            databaseUrl: target.url,
            nextAuthSecret: SECRET,
            largeBusinessId: large.businessId,
          }),
        )),
      );
    }
    const peak = server.peakMb();
    log(`server processes now: ${groupBreakdown(server.process.pid!)}`);
    rows.push({ group: "memory", name: "server peak resident memory", value: peak, unit: "MB", budget: "< 300 MB", met: peak < 300, note: "sampled every 0.5 s from start to the end of the load runs" });
    await server.stop();
    server = undefined;
    peakOf = undefined;
    if (!flagArg("skip-wallet")) {
      rows.push(...(await optionalModule("wallet", "wallet pushes", "./wallet-push", async (m) => (m as { runWalletPushBench: () => Promise<BenchRow[]> }).runWalletPushBench())));
      rows.push(...(await optionalModule("wallet", "live wallet passes", "./wallet-live", async (m) => (m as { runWalletLiveBench: () => Promise<BenchRow[]> }).runWalletLiveBench())));
    }
    if (!flagArg("skip-automations")) {
      // Issue 25: the daily automation run over 100,000 customers (its own throwaway database).
      rows.push(...(await optionalModule("automations", "daily automation run", "./automations", async (m) => (m as { runAutomationsBench: () => Promise<BenchRow[]> }).runAutomationsBench())));
    }
    if (!flagArg("skip-insights")) {
      // Issue 25: GET /api/insights over 100,000 customers against its SQL floor (its own throwaway database).
      rows.push(...(await optionalModule("insights", "insights endpoint", "./insights", async (m) => (m as { runInsightsBench: () => Promise<BenchRow[]> }).runInsightsBench())));
    }

    const seconds = Math.round((Date.now() - started) / 1000);
    printTable(rows);
    const met = rows.filter((r) => r.met === true).length;
    const missed = rows.filter((r) => r.met === false).length;
    console.log(`\n${met} budgets met, ${missed} not met; ${target.kind}; ${seconds} s in all (budget 15 min)`);
    const out = {
      when: new Date().toISOString(),
      database: target.kind,
      server: (await serverVersion(target.url))?.split(" on ")[0] ?? null,
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? null, node: process.version, loadAverage: os.loadavg().map(round2) },
      options: O,
      build,
      totalSeconds: seconds,
      rows,
      raw,
    };
    fs.writeFileSync(path.join(ROOT, "bench", "results.json"), `${JSON.stringify(out, null, 2)}\n`);
    console.log("wrote bench/results.json");
  } finally {
    await server?.stop();
    await pg.end().catch(() => {});
    if (flagArg("keep")) console.log(`kept the database: ${target.url}`);
    else await target.drop().catch((e) => console.error("could not drop the bench database:", e));
  }
}

function strip(m: Record<string, LoadResult & { trivialMedian: number }>) {
  return Object.fromEntries(Object.entries(m).map(([k, v]) => [k, { ...v, samples: undefined }]));
}

async function optionalModule(group: string, label: string, specifier: string, run: (m: unknown) => Promise<BenchRow[]>): Promise<BenchRow[]> {
  try {
    const m: unknown = await import(specifier);
    return await run(m);
  } catch (e) {
    console.error(`${label} (${specifier}) failed:`, e);
    return [{ group, name: label, value: 0, unit: "ratio", met: false, note: `did not run: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}` }];
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
