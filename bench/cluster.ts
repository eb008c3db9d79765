// `npm run bench:cluster` (issue 24): the deployment shape under load and faults, on this machine.
//   node --import tsx bench/cluster.ts [--duration 60] [--clients 50] [--fault-duration 45]
//     [--scale-duration 20] [--instances 3] [--customers 10000] [--transactions 200000]
//     [--businesses 1000] [--rebuild] [--skip-faults] [--skip-scaling] [--keep]
// 1. Builds the production app into .next-cluster (reused while no source file is newer).
// 2. Starts a PostgreSQL cluster of its own (initdb in a temp dir, its own port: restarting it
//    cannot disturb the shared server on 5432), applies the migrations, seeds one business per
//    client plus a large business and --businesses small ones, and captures the query plans.
// 3. PgBouncer (transaction mode) in front of it, --instances production servers (`npm start`)
//    on their own ports with DATABASE_URL through PgBouncer, HAProxy in front of them.
// 4. Load through HAProxy for --duration s, then the checks (bench/cluster/checks.ts).
// 5. Faults under load: kill -9 of one instance, PgBouncer restart, PostgreSQL restart.
// 6. Scaling: the same mix against 1 instance and against all of them, with CPU use.
// Every process it started is stopped at the end, on failure too. Writes bench/cluster-results.json.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { migrate } from "../scripts/lib/embedded-db";
import { allowServerOnlyImports } from "../scripts/lib/allow-server-only";
import type { BenchRow } from "./lib/results";
import { cpuSeconds, ensureBuild, ROOT, startServer, type Server } from "./lib/server";
import { businessCookie } from "./lib/sessions";
import { printTable } from "./lib/print-table";
import { round2 } from "./lib/stats";
import { seedLargeBusiness } from "./seed-large";
import { seedManyBusinesses } from "./seed-many";
import { freePort, killGroup, Reaper, startHaproxy, startPgBouncer, startPostgres, waitForPortClosed } from "./cluster/infra";
import { runMix, summarise, type MixLog, type Tenant } from "./cluster/mix";
import * as checks from "./cluster/checks";
import { faultRows } from "./cluster/faults";
import { capturePlans } from "./cluster/explain";
import { flagArg, numberArg } from "./lib/child-bench";

const O = {
  duration: numberArg("duration", 60),
  clients: numberArg("clients", 50),
  faultDuration: numberArg("fault-duration", 45),
  scaleDuration: numberArg("scale-duration", 20),
  instances: numberArg("instances", 3),
  customers: numberArg("customers", 10_000),
  transactions: numberArg("transactions", 200_000),
  businesses: numberArg("businesses", 1_000),
};
const DIST = process.env.CLUSTER_DIST_DIR ?? ".next-cluster";
const SECRET = "bench-cluster-nextauth-secret-0123456789abcdef";
const CRON_SECRET = "bench-cluster-cron-secret-0123456789";
const PASSWORD = "Cluster-bench-passw0rd!";
const DB = "loyalty_cluster";

/** Busy and total jiffies of the whole machine (every core, every process: ours and others'). */
function machineTicks() {
  const [, ...f] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const n = f.map(Number);
  const idle = n[3] + n[4];
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

async function main() {
  const started = Date.now();
  const log = (s: string) => console.log(`[${Math.round((Date.now() - started) / 1000)} s] ${s}`);
  const rows: BenchRow[] = [];
  const raw: Record<string, unknown> = {};
  const reaper = new Reaper();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loyalty-cluster-"));
  let pg: Client | undefined;
  try {
    const build = ensureBuild(DIST, flagArg("rebuild"));
    log(build.built ? `built in ${build.seconds} s` : `reusing the build in ${DIST}`);

    // ---- PostgreSQL of our own, migrated and seeded; the plans that matter
    const postgres = await startPostgres(dir, reaper);
    const admin = new Client({ connectionString: postgres.url() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DB}`);
    await admin.end();
    const direct = postgres.url(DB);
    await migrate(direct);
    log(`PostgreSQL on ${postgres.port} (data in ${dir}), migrated`);
    const now = new Date();
    const large = await seedLargeBusiness(direct, { customers: O.customers, transactions: O.transactions, vouchers: 2000, now, seed: 0.42, label: "Cluster Large Café" });
    const many = await seedManyBusinesses(direct, { businesses: Math.max(0, O.businesses - O.clients - 1), now });
    const own = await seedManyBusinesses(direct, { businesses: O.clients, customersEach: 40, transactionsEach: 200, now, seed: 0.7, label: "Cluster Till Café" });
    pg = await reconnect(undefined, direct);
    await pg.query("VACUUM ANALYZE");
    log(`seeded: large business (${large.customers} customers, ${large.ledgerRows} ledger rows), ${many.businessIds.length + own.businessIds.length} small businesses`);
    const plans = await capturePlans(pg, large.businessId, now, path.join(ROOT, "bench", "cluster", "query-plans.md"));
    raw.plans = plans.map((p) => ({ name: p.name, ms: p.ms }));
    log(`query plans written to bench/cluster/query-plans.md (${plans.map((p) => `${p.ms} ms`).join(", ")})`);

    // ---- the tenants the clients play: a known password, a session, their customers
    allowServerOnlyImports();
    const { hashPassword } = await import("../lib/auth/password");
    await pg.query(`UPDATE businesses SET "passwordHash" = $2 WHERE id = ANY($1::int[])`, [own.businessIds, await hashPassword(PASSWORD)]);
    const tenants: Tenant[] = [];
    for (const id of own.businessIds) {
      const b = (await pg.query<{ email: string }>(`SELECT email FROM businesses WHERE id = $1`, [id])).rows[0];
      const customers = (await pg.query<{ id: number; email: string }>(`SELECT id, email FROM customers WHERE "businessId" = $1`, [id])).rows;
      tenants.push({ businessId: id, cookie: await businessCookie(pg, id, SECRET), email: b.email, password: PASSWORD, customers });
    }

    // ---- PgBouncer, the instances, HAProxy
    const bouncer = await startPgBouncer(dir, postgres.port, reaper);
    const lbPort = await freePort();
    const env = {
      DATABASE_URL: bouncer.url(DB),
      DIRECT_URL: direct,
      NEXTAUTH_SECRET: SECRET,
      NEXTAUTH_URL: `http://127.0.0.1:${lbPort}`,
      CRON_SECRET,
      // client -> (edge) -> HAProxy -> app: the client's address is the second entry from the right
      TRUSTED_PROXY_HOPS: "2",
      LOG_LEVEL: "warn",
    };
    const ports = await Promise.all(Array.from({ length: O.instances }, () => freePort()));
    const servers: Server[] = [];
    const startInstance = async (i: number) => {
      const s = await startServer({ distDir: DIST, port: ports[i], env, logFile: path.join(dir, `app${i + 1}.log`) });
      reaper.add(`instance ${i + 1}`, () => s.stop());
      servers[i] = s;
      return s;
    };
    for (let i = 0; i < O.instances; i++) await startInstance(i);
    const bases = servers.map((s) => s.base);
    const lb = await startHaproxy(dir, ports.map((port, i) => ({ name: `app${i + 1}`, port })), reaper, lbPort);
    log(`PgBouncer on ${bouncer.port} (transaction mode), ${O.instances} instances on ${ports.join(", ")}, HAProxy on ${lb.port}`);

    const cpuOf = () => ({
      instances: servers.map((s) => cpuSeconds({ pgid: s.process.pid! })),
      // the postmaster, plus its backends (each its own process group; their command line names the database)
      postgres: cpuSeconds({ pgid: postgres.pgid() }) + cpuSeconds({ match: ` ${DB} ` }),
      pgbouncer: cpuSeconds({ pgid: bouncer.pgid() }),
      haproxy: cpuSeconds({ pgid: lb.pgid }),
      loadGenerator: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
      machine: machineTicks(),
    });
    const cpuUse = (a: ReturnType<typeof cpuOf>, b: ReturnType<typeof cpuOf>, seconds: number) => ({
      instancesCores: round2(b.instances.reduce((s, x, i) => s + x - (a.instances[i] ?? 0), 0) / seconds),
      postgresCores: round2((b.postgres - a.postgres) / seconds),
      pgbouncerCores: round2((b.pgbouncer - a.pgbouncer) / seconds),
      haproxyCores: round2((b.haproxy - a.haproxy) / seconds),
      loadGeneratorCores: round2((b.loadGenerator - a.loadGenerator) / seconds),
      machineBusyPercent: Math.round(((b.machine.busy - a.machine.busy) / (b.machine.total - a.machine.total)) * 100),
    });

    const ledgerBefore = Number((await pg.query(`SELECT COALESCE(max(id), 0) AS id FROM points_ledger`)).rows[0].id);
    // ---- warm-up (not counted), then the load
    await runMix(lb.base, tenants, { clients: Math.min(10, O.clients), seconds: 5 });
    const c0 = cpuOf();
    const main = await runMix(lb.base, tenants, { clients: O.clients, seconds: O.duration });
    const mainSummary = summarise(main);
    const mainCpu = cpuUse(c0, cpuOf(), mainSummary.seconds);
    raw.load = { ...mainSummary, cpu: mainCpu };
    log(`load: ${mainSummary.requests} requests in ${mainSummary.seconds} s (${mainSummary.rps}/s), statuses ${JSON.stringify(mainSummary.byStatus)}, served by ${JSON.stringify(mainSummary.servedBy)}`);
    rows.push({ group: "load", name: `${O.clients} clients through HAProxy, ${O.duration} s: responses >= 500`, value: mainSummary.serverErrors, unit: "ratio", budget: "0", met: mainSummary.serverErrors === 0, note: `${mainSummary.requests} requests, ${mainSummary.rps}/s, p50 ${mainSummary.p50} ms, p95 ${mainSummary.p95} ms; statuses ${JSON.stringify(mainSummary.byStatus)}` });
    rows.push({ group: "load", name: "throughput through HAProxy", value: mainSummary.rps, unit: "req/s", met: null, note: `CPU (cores): instances ${mainCpu.instancesCores}, PostgreSQL ${mainCpu.postgresCores}, PgBouncer ${mainCpu.pgbouncerCores}, HAProxy ${mainCpu.haproxyCores}, load generator ${mainCpu.loadGeneratorCores}; machine busy ${mainCpu.machineBusyPercent}%` });

    const found: checks.Check[] = [];
    found.push(await checks.acknowledgedWritesCheck(pg, main.writes, "load"));
    found.push(await checks.ledgerCheck(pg, ledgerBefore));
    found.push(await checks.voucherRaceCheck(pg, bases, { businessId: tenants[0].businessId, cookie: tenants[0].cookie, customerId: tenants[0].customers[0].id }));
    found.push(await checks.voucherOnceCheck(pg));
    found.push(await checks.loginLimitCheck(bases, tenants[1].email));
    found.push(await checks.codeAttemptsCheck(bases, tenants[2].cookie));
    found.push(await checks.sessionCheck(lb.base, bases, tenants[3].email, PASSWORD));
    const jobs = fs.readdirSync(path.join(ROOT, "app", "api", "cron")).filter((j) => fs.existsSync(path.join(ROOT, "app", "api", "cron", j, "route.ts")));
    found.push(await checks.cronOnceCheck(bases, jobs, CRON_SECRET));
    for (const c of found) {
      log(`${c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.detail}`);
      rows.push({ group: "correctness", name: c.name, value: c.ok ? 1 : 0, unit: "ratio", budget: "holds", met: c.ok, note: c.detail });
    }

    // ---- faults under load
    let faults: MixLog | undefined;
    if (!flagArg("skip-faults")) {
      const victim = O.instances - 1;
      const t = O.faultDuration * 1000;
      faults = await runMix(lb.base, tenants, {
        clients: O.clients,
        seconds: O.faultDuration,
        events: [
          // the event ends when the instance's port refuses connections: the process is gone
          { at: Math.round(t * 0.15), label: "kill -9 instance", run: async () => (await killGroup(servers[victim].process, "SIGKILL"), await waitForPortClosed(ports[victim])) },
          { at: Math.round(t * 0.4), label: "restart PgBouncer", run: () => bouncer.restart() },
          { at: Math.round(t * 0.65), label: "restart PostgreSQL", run: () => postgres.restart() },
        ],
      });
      const fs_ = summarise(faults);
      const failures = faults.requests.filter((r) => r.status >= 500 || r.status === 0).map((r) => ({ ...r, start: Math.round(r.start), end: Math.round(r.end) }));
      raw.faults = { ...fs_, events: faults.events, failures };
      log(`faults: ${fs_.requests} requests, statuses ${JSON.stringify(fs_.byStatus)}; events ${JSON.stringify(faults.events.map((e) => [e.label, Math.round(e.start), Math.round(e.end)]))}`);
      rows.push(...faultRows(faults));
      pg = await reconnect(pg, direct);
      const after = [await checks.acknowledgedWritesCheck(pg, faults.writes, "faults"), await checks.ledgerCheck(pg, ledgerBefore)];
      for (const c of after) rows.push({ group: "faults", name: c.name, value: c.ok ? 1 : 0, unit: "ratio", budget: "holds", met: c.ok, note: c.detail });
      await startInstance(victim);
      log("the killed instance restarted");
    }

    // ---- scaling: 1 instance against all of them, same mix, same clients
    if (!flagArg("skip-scaling")) {
      const one = await startHaproxy(dir, [{ name: "app1", port: ports[0] }], reaper);
      await new Promise((r) => setTimeout(r, 2000)); // HAProxy sees the restarted instance up
      const runOn = async (base: string) => {
        const a = cpuOf();
        const l = await runMix(base, tenants, { clients: O.clients, seconds: O.scaleDuration });
        const s = summarise(l);
        return { ...s, cpu: cpuUse(a, cpuOf(), s.seconds) };
      };
      const single = await runOn(one.base);
      const all = await runOn(lb.base);
      raw.scaling = { one: single, all };
      // CPU per request does not depend on how much of the machine others left us: the figure to
      // project from (2 cores / CPU per request = the most this box can serve with nobody else on it).
      const perRequest = (x: typeof single) => {
        const ms = (cores: number) => round2((cores * x.seconds * 1000) / Math.max(1, x.requests));
        return { app: ms(x.cpu.instancesCores), postgres: ms(x.cpu.postgresCores), pgbouncerAndHaproxy: ms(x.cpu.pgbouncerCores + x.cpu.haproxyCores), loadGenerator: ms(x.cpu.loadGeneratorCores) };
      };
      for (const [label, x] of [["1 instance", single], [`${O.instances} instances`, all]] as const) {
        const c = perRequest(x);
        const serverMs = round2(c.app + c.postgres + c.pgbouncerAndHaproxy);
        rows.push({ group: "scaling", name: `${label}: server CPU per request`, value: serverMs, unit: "ms", met: null, note: `app ${c.app} ms, PostgreSQL ${c.postgres} ms, PgBouncer+HAProxy ${c.pgbouncerAndHaproxy} ms (load generator ${c.loadGenerator} ms); ${os.cpus().length} idle cores would serve about ${Math.round((os.cpus().length * 1000) / (serverMs + c.loadGenerator))} req/s of this mix` });
      }
      const ratio = round2(all.rps / single.rps);
      log(`scaling: 1 instance ${single.rps}/s, ${O.instances} instances ${all.rps}/s (${ratio}x)`);
      rows.push({ group: "scaling", name: "1 instance throughput", value: single.rps, unit: "req/s", met: null, note: `p95 ${single.p95} ms; CPU cores: app ${single.cpu.instancesCores}, PostgreSQL ${single.cpu.postgresCores}, load generator ${single.cpu.loadGeneratorCores}; machine busy ${single.cpu.machineBusyPercent}%; >=500: ${single.serverErrors}` });
      rows.push({ group: "scaling", name: `${O.instances} instances throughput`, value: all.rps, unit: "req/s", met: null, note: `p95 ${all.p95} ms; CPU cores: app ${all.cpu.instancesCores}, PostgreSQL ${all.cpu.postgresCores}, load generator ${all.cpu.loadGeneratorCores}; machine busy ${all.cpu.machineBusyPercent}%; >=500: ${all.serverErrors}` });
      rows.push({
        group: "scaling",
        name: `${O.instances} instances / 1 instance`,
        value: ratio,
        unit: "ratio",
        budget: `>= 0.9 on ${os.cpus().length} cores (no loss from spreading; a gain needs cores)`,
        met: ratio >= 0.9 && all.serverErrors === 0 && single.serverErrors === 0,
        note: `the machine was ${single.cpu.machineBusyPercent}% / ${all.cpu.machineBusyPercent}% busy: with ${os.cpus().length} cores shared by the app, PostgreSQL and the load generator, more processes cannot add CPU`,
      });
    }

    printTable(rows);
    const met = rows.filter((r) => r.met === true).length;
    const missed = rows.filter((r) => r.met === false).length;
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`\n${met} budgets met, ${missed} not met; ${seconds} s in all`);
    const out = {
      when: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? null, node: process.version, loadAverage: os.loadavg().map(round2) },
      topology: { instances: O.instances, balancer: "HAProxy (roundrobin, health check GET /api/health every 0.5 s)", pooler: "PgBouncer, pool_mode=transaction", database: `PostgreSQL (own cluster, ${(await pg.query("SHOW server_version")).rows[0].server_version})` },
      options: O,
      build,
      totalSeconds: seconds,
      rows,
      raw,
    };
    fs.writeFileSync(path.join(ROOT, "bench", "cluster-results.json"), `${JSON.stringify(out, null, 2)}\n`);
    console.log("wrote bench/cluster-results.json");
  } finally {
    await pg?.end().catch(() => {});
    await reaper.stopAll();
    if (flagArg("keep")) console.log(`kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The bench's own direct connection does not survive the PostgreSQL restart: open a new one. */
async function reconnect(old: Client | undefined, url: string): Promise<Client> {
  await old?.end().catch(() => {});
  const c = new Client({ connectionString: url });
  c.on("error", () => {}); // a restart under it is expected; the next query reconnects
  await c.connect();
  return c;
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
