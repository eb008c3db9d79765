// Issue 23's server-side figures against a production server that is already running on a seeded
// database (e.g. one `npm run bench --keep` left, or a run stopped after its seed):
//   node --import tsx bench/measure-running.ts --port 3360 --pgid <server process group> --db <url>
//     --business <large business id> [--runs 20] [--duration 10] [--connections 20] [--write-results]
// The dashboard endpoints next to their SQL floor (hand-written SQL + the trivial endpoint, in
// alternating rounds), the marketing export (whole stream, server memory sampled), POST
// /api/transactions at --connections clients next to the trivial endpoint, and the ledger after.
import os from "node:os";
import { Client } from "pg";
import { benchMain, numberArg } from "./lib/child-bench";
import type { BenchRow } from "./lib/results";
import { load } from "./lib/load";
import { businessCookie } from "./lib/sessions";
import { round2, timing } from "./lib/stats";
import { measureExport } from "./lib/measure-export";
import { EQUIVALENT_SQL } from "./equivalent-sql";
import { lastSevenDays, activeSince } from "../lib/rules/dashboard-window";

const SECRET = process.env.BENCH_SECRET ?? "bench-only-nextauth-secret-0123456789abcdef";
const DASHBOARD = ["stats", "impact-stats", "recent-customers", "money-makers", "super-fans", "weekly-stats"];
const stringArg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) throw new Error(`--${name} is required`);
  return process.argv[i + 1];
};

async function measure(): Promise<BenchRow[]> {
  const base = `http://127.0.0.1:${numberArg("port", 3360)}`;
  const pgid = numberArg("pgid", 0);
  const business = numberArg("business", 0);
  const runs = numberArg("runs", 20);
  const connections = numberArg("connections", 20);
  const duration = numberArg("duration", 10);
  const pg = new Client({ connectionString: stringArg("db") });
  await pg.connect();
  const rows: BenchRow[] = [];
  const loadAvg = () => `load average ${os.loadavg().map(round2).join(" ")}`;
  try {
    const headers = { cookie: await businessCookie(pg, business, SECRET) };
    const now = new Date();
    const week = lastSevenDays(now);
    const ts = (d: Date) => d.toISOString();
    const params = {
      business: [business],
      stats: [business, ts(week.start), ts(week.end), ts(activeSince(now))],
      weekly: [business, ...week.days.map((d) => ts(d.start)), ts(week.end)],
    };
    const trivialUrl = `${base}/api/auth/user`;
    for (const d of DASHBOARD) {
      const endpoint = `GET /api/dashboard/${d}`;
      const eq = EQUIVALENT_SQL[endpoint];
      const app: number[] = [];
      const sql: number[] = [];
      const triv: number[] = [];
      let failures = 0;
      await load({ url: `${base}/api/dashboard/${d}`, connections: 1, headers, amount: 3 });
      for (let r = 0; r < 4; r++) {
        triv.push(...(await load({ url: trivialUrl, connections: 1, headers, amount: Math.ceil(runs / 4) })).samples);
        const a = await load({ url: `${base}/api/dashboard/${d}`, connections: 1, headers, amount: Math.ceil(runs / 4) });
        app.push(...a.samples);
        failures += a.errors + a.non2xx;
        for (let i = 0; i < Math.ceil(runs / 4); i++) {
          const t0 = performance.now();
          await pg.query(eq.sql, params[eq.params]);
          sql.push(performance.now() - t0);
        }
      }
      const A = timing(app);
      const S = timing(sql);
      const T = timing(triv);
      const ratio = A.median / (S.median + T.median);
      const note = `${round2(ratio)}x of ${round2(S.median + T.median)} ms (SQL ${S.median} ms + trivial ${T.median} ms); ${loadAvg()}`;
      rows.push({ group: "dashboard", name: `${endpoint} median`, value: A.median, unit: "ms", reference: { label: "hand-written SQL", value: S.median, unit: "ms" }, budget: "<= 1.5x (SQL + trivial endpoint)", met: failures === 0 && ratio <= 1.5, note });
      rows.push({ group: "dashboard", name: `${endpoint} p95`, value: A.p95, unit: "ms", reference: { label: "hand-written SQL p95", value: S.p95, unit: "ms" }, budget: "< 100 ms", met: failures === 0 && A.p95 < 100, note: loadAvg() });
      console.log(`${endpoint}: app ${A.median}/${A.p95} ms, SQL ${S.median}/${S.p95} ms, trivial ${T.median} ms`);
    }

    rows.push(...(await measureExport(base, headers, pgid)));

    const ids = (await pg.query<{ id: number }>(`SELECT id FROM customers WHERE "businessId" = $1 AND "accountStatus" = 'active' AND "sleepStatus" = 'active' AND "parkedAt" IS NULL`, [business])).rows.map((r) => r.id);
    const trivial = await load({ url: trivialUrl, connections, headers, duration, warmup: 40 });
    let n = 0;
    const body = () => {
      n++;
      const customerId = ids[(n * 7919) % ids.length];
      if (n % 10 === 0) return { customerId, type: "bonus_points", amount: "5" };
      return { customerId, type: "purchase", amount: (1 + (n % 2500) / 100).toFixed(2) };
    };
    const posts = await load({ url: `${base}/api/transactions`, method: "POST", body, connections, headers, duration, warmup: 40 });
    const broken = Number(
      (await pg.query(`SELECT count(*) FROM customers c LEFT JOIN (SELECT "customerId", sum(points) AS s FROM points_ledger GROUP BY 1) l ON l."customerId" = c.id WHERE c."totalPoints" <> coalesce(l.s, 0)`)).rows[0].count,
    );
    const share = posts.rps / trivial.rps;
    rows.push({
      group: "transactions",
      name: `POST /api/transactions throughput (${connections} clients)`,
      value: posts.rps,
      unit: "req/s",
      reference: { label: "trivial authenticated endpoint", value: trivial.rps, unit: "req/s" },
      budget: ">= 70% of the trivial endpoint",
      met: share >= 0.7 && posts.errors + posts.non2xx === 0,
      note: `${Math.round(share * 100)}%; p50 ${posts.median} ms, p95 ${posts.p95} ms; ${posts.errors + posts.non2xx} failed; ${loadAvg()}`,
    });
    rows.push({ group: "transactions", name: "customers whose balance differs from the ledger", value: broken, unit: "count", budget: "0", met: broken === 0 });
    return rows;
  } finally {
    await pg.end();
  }
}

if (require.main === module) benchMain(measure);
