// The query plans that decide how far one PostgreSQL goes (docs/scaling.md): EXPLAIN (ANALYZE,
// BUFFERS) on the seeded database for the large business's dashboard and hub reads (the
// hand-written equivalents in bench/equivalent-sql.ts), a customer's ledger, and the till's write
// path: the balance check of one customer. Written to bench/cluster/query-plans.md.
import fs from "node:fs";
import path from "node:path";
import type { Client } from "pg";
import { activeSince, lastSevenDays } from "../../lib/rules/dashboard-window";
import { EQUIVALENT_SQL } from "../equivalent-sql";

type Plan = { name: string; sql: string; ms: number; plan: string };

export async function capturePlans(pg: Client, largeBusinessId: number, now: Date, outFile: string): Promise<Plan[]> {
  const week = lastSevenDays(now);
  const ts = (d: Date) => d.toISOString();
  const params: Record<string, unknown[]> = {
    business: [largeBusinessId],
    stats: [largeBusinessId, ts(week.start), ts(week.end), ts(activeSince(now))],
    weekly: [largeBusinessId, ...week.days.map((d) => ts(d.start)), ts(week.end)],
  };
  const busiest = (await pg.query<{ id: number }>(`SELECT "customerId" AS id FROM points_ledger WHERE "businessId" = $1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`, [largeBusinessId])).rows[0]?.id ?? 0;
  const queries: { name: string; sql: string; params: unknown[] }[] = [
    ...["GET /api/dashboard/stats", "GET /api/dashboard/weekly-stats", "GET /api/dashboard/super-fans", "GET /api/customers?limit=1000", "GET /api/transactions"].map((name) => ({
      name,
      sql: EQUIVALENT_SQL[name].sql,
      params: params[EQUIVALENT_SQL[name].params],
    })),
    {
      name: "a customer's ledger, newest 50 (customer page, wallet pass)",
      sql: `SELECT * FROM points_ledger WHERE "customerId" = $1 ORDER BY id DESC LIMIT 50`,
      params: [busiest],
    },
    {
      name: "ledger audit: balance = sum of the ledger, one customer (the till's invariant)",
      sql: `SELECT c."totalPoints", (SELECT sum(points) FROM points_ledger l WHERE l."customerId" = c.id) FROM customers c WHERE c.id = $1 AND c."businessId" = $2`,
      params: [busiest, largeBusinessId],
    },
    {
      name: "export: every ledger row of the business this year (what a read replica should serve)",
      sql: `SELECT count(*), sum(points) FROM points_ledger WHERE "businessId" = $1 AND "createdAt" >= $2`,
      params: [largeBusinessId, new Date(now.getTime() - 365 * 86_400_000).toISOString()],
    },
  ];
  const out: Plan[] = [];
  for (const q of queries) {
    await pg.query(q.sql, q.params); // warm the cache: the plans show the steady state
    const r = await pg.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q.sql}`, q.params);
    const plan = r.rows.map((x) => x["QUERY PLAN"]).join("\n");
    const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
    out.push({ name: q.name, sql: q.sql.replace(/\s+/g, " ").trim(), ms, plan });
  }
  const sizes = await pg.query<{ rel: string; rows: string; size: string }>(
    `SELECT relname AS rel, n_live_tup::text AS rows, pg_size_pretty(pg_total_relation_size(relid)) AS size
     FROM pg_stat_user_tables WHERE relname IN ('customers', 'transactions', 'points_ledger', 'vouchers', 'businesses', 'customer_activity') ORDER BY relname`,
  );
  const md = [
    "# Query plans on the seeded database (written by `npm run bench:cluster`)",
    "",
    `Captured ${now.toISOString()}, PostgreSQL ${(await pg.query("SHOW server_version")).rows[0].server_version}, large business ${largeBusinessId}.`,
    "",
    "| table | rows | size with indexes |",
    "|---|---:|---:|",
    ...sizes.rows.map((s) => `| ${s.rel} | ${s.rows} | ${s.size} |`),
    "",
    ...out.flatMap((p) => [`## ${p.name} (${p.ms} ms)`, "", "```sql", p.sql, "```", "", "```", p.plan, "```", ""]),
  ].join("\n");
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, md);
  return out;
}
