// The Insights endpoint (issue 25) over one business of 100,000 customers. Two rows:
// - computing the numbers (POST /api/insights/refresh's work: getInsights through the snapshot's
//   lease and store, in process) next to its SQL floor: the very statements getInsights runs
//   (insightsQueries: the same text and parameters) sent one after another with plain pg, plus the
//   trivial authenticated endpoint GET /api/auth/user, the floor bench/run.ts and bench/search.ts take;
// - GET /api/insights through the route handler in process (session, wrapper, domain, PostgreSQL;
//   no HTTP server) answering from the stored snapshot: p95 < 100 ms.
//   node --import tsx bench/insights.ts [--customers 100000] [--transactions 300000] [--runs 10] [--write-results]
// Data: bench/seed-large.ts (purchases, redemptions and the rollups over two years) and 20,000
// automation messages over the last 104 days (the automation-effect comparison's window).
// `runInsightsBench()` runs it in a child process so the app modules read this bench's database;
// `npm run bench -- --skip-insights` leaves it out.
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import type { BenchRow } from "./lib/results";
import { benchMain, numberArg, runInChild } from "./lib/child-bench";
import { timing, round2 } from "./lib/stats";
import { businessSessionCookie, pointAppAt, type RouteHandler as Handler } from "./lib/in-process";

const BUDGET_RATIO = 1.5;
const SNAPSHOT_BUDGET_MS = 100;

async function measure(customers: number, transactions: number, runs: number): Promise<BenchRow[]> {
  const { migratedThrowawayDatabase } = await import("./lib/throwaway-db");
  const { seedLargeBusiness } = await import("./seed-large");
  const target = await migratedThrowawayDatabase();
  try {
    const now = new Date("2026-06-15T10:00:00Z");
    const t0 = performance.now();
    const seeded = await seedLargeBusiness(target.url, { customers, transactions, vouchers: 0, now, label: "Bench Insights Café" });
    // Dates as UTC, the way the app's driver sends them (the statements cast some to timestamp).
    pg.defaults.parseInputDatesAsUTC = true;
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await client.query(
      `INSERT INTO automations ("businessId", kind, enabled, "sendEmail", "sendSms", subject, body, "updatedAt")
       SELECT $1, k, false, true, false, 'Hello {firstName}', 'Hi {firstName}', now()
       FROM unnest(ARRAY['birthday', 'win_back', 'nearly_there', 'reward_available']) AS k`,
      [seeded.businessId],
    );
    await client.query(
      `INSERT INTO automation_sends ("businessId", "automationId", "customerId", occasion, kind, reason, "emailWanted", "sentByEmail", status, "createdAt")
       SELECT $1, a.id, c.id, a.kind || ':bench', a.kind, 'bench', true, true, 'sent',
              $2::timestamp - make_interval(days => (random() * 104)::int, hours => (random() * 10)::int)
       FROM automations a
       JOIN (SELECT id, row_number() OVER (ORDER BY random()) AS r FROM customers WHERE "businessId" = $1) c ON c.r <= 5000
       WHERE a."businessId" = $1`,
      [seeded.businessId, now],
    );
    await client.query("ANALYZE");
    const seedMs = performance.now() - t0;

    pointAppAt(target.url);
    const { NextRequest } = await import("next/server");
    const { insightsQueries } = await import("../lib/insights/get-insights");
    const { getInsightsSnapshot } = await import("../lib/insights/get-insights-snapshot");
    const insights = (await import("../app/api/insights/route")) as { GET: Handler };
    const trivialRoute = (await import("../app/api/auth/user/route")) as { GET: Handler };
    const cookie = await businessSessionCookie(seeded.businessId);
    const call = async (route: { GET: Handler }, url: string) => {
      const t = performance.now();
      // x-test-now: the route's injected clock (test and bench builds), so the data's "now" is the run's
      const res = await route.GET(new NextRequest(`http://localhost${url}`, { headers: { cookie, "x-test-now": now.toISOString() } }), { params: Promise.resolve({}) });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
      return { ms: performance.now() - t, text };
    };
    const q = insightsQueries(seeded.businessId, now);
    const statements: [string, typeof q.ledger][] = [["ledger", q.ledger], ["members", q.members], ["return rates", q.returns], ["cohorts", q.cohorts], ["effects", q.effects]];
    const perStatement = new Map<string, number[]>();
    const floor = async () => {
      const t = performance.now();
      for (const [name, s] of statements) {
        const ts = performance.now();
        await client.query(s.text, s.values as unknown[]);
        perStatement.set(name, [...(perStatement.get(name) ?? []), performance.now() - ts]);
      }
      return performance.now() - t;
    };

    const compute = async () => {
      const t = performance.now();
      await getInsightsSnapshot(seeded.businessId, now, { fresh: true });
      return performance.now() - t;
    };
    // the first GET computes the snapshot (none yet); later ones answer from it
    const first = await call(insights, "/api/insights");
    const firstAnswer = JSON.parse(first.text) as { members: number; asOf: string };
    for (let i = 0; i < 2; i++) {
      await compute();
      await floor();
    }
    const app: number[] = [];
    const sql: number[] = [];
    const triv: number[] = [];
    const snap: number[] = [];
    for (let i = 0; i < runs; i++) {
      triv.push((await call(trivialRoute, "/api/auth/user")).ms);
      app.push(await compute());
      sql.push(await floor());
    }
    for (let i = 0; i < 5; i++) await call(insights, "/api/insights");
    for (let i = 0; i < Math.max(50, runs * 5); i++) snap.push((await call(insights, "/api/insights")).ms);
    await client.end();
    const { db } = await import("../lib/db");
    await db.$disconnect();
    const at = timing(app);
    const st = timing(sql);
    const tt = timing(triv);
    const sn = timing(snap);
    const ratio = round2(at.median / (st.median + tt.median));
    const slowest = [...perStatement].map(([name, ms]) => [name, timing(ms).median] as const).sort((a, b) => b[1] - a[1]);
    return [
      {
        group: "insights",
        name: `insights computation vs SQL (${customers.toLocaleString("en-GB")} customers)`,
        value: ratio,
        unit: "ratio",
        reference: { label: "SQL + trivial endpoint median ms", value: round2(st.median + tt.median), unit: "ms" },
        budget: `<= ${BUDGET_RATIO}x SQL floor`,
        met: ratio <= BUDGET_RATIO,
        note:
          `computation (getInsights, lease, store) median ${at.median} ms, p95 ${at.p95} ms; SQL ${st.median} ms (${statements.length} statements: ${slowest.map(([name, ms]) => `${name} ${ms}`).join(", ")}), trivial ${tt.median} ms; ${runs} runs; ` +
          `${firstAnswer.members.toLocaleString("en-GB")} members, ${transactions.toLocaleString("en-GB")} transactions, 20,000 automation messages; seeded in ${(seedMs / 1000).toFixed(1)} s; as of ${firstAnswer.asOf}; ${target.kind}`,
      },
      {
        group: "insights",
        name: `GET /api/insights (snapshot) p95 (${customers.toLocaleString("en-GB")} customers)`,
        value: sn.p95,
        unit: "ms",
        reference: { label: "trivial endpoint median ms", value: tt.median, unit: "ms" },
        budget: `p95 < ${SNAPSHOT_BUDGET_MS} ms`,
        met: sn.p95 < SNAPSHOT_BUDGET_MS,
        note: `median ${sn.median} ms, p95 ${sn.p95} ms over ${snap.length} requests answered from the stored snapshot; the first request (no snapshot yet) computed it in ${Math.round(first.ms)} ms; ${target.kind}`,
      },
    ];
  } finally {
    await target.drop().catch(() => {});
  }
}

export function runInsightsBench(opts: { customers?: number; transactions?: number; runs?: number } = {}): Promise<BenchRow[]> {
  return runInChild(path.join(__dirname, "insights.ts"), { customers: opts.customers ?? 100_000, transactions: opts.transactions ?? 300_000, runs: opts.runs ?? 10 });
}

if (require.main === module) benchMain(() => measure(numberArg("customers", 100_000), numberArg("transactions", 300_000), numberArg("runs", 10)));
