// The issue-23 data set on its own, timed (budget: 2 minutes on the 2-core bench machine):
//   node --import tsx bench/seed.ts [--customers 100000] [--transactions 2000000] [--vouchers 20000]
//     [--businesses 10000] [--write-results] [--keep]
// One large business and --businesses - 1 small ones (bench/seed-many.ts's defaults each), seeded
// set-based into a throwaway database with the migrations applied, the two loaded at once on two
// connections with the non-unique indexes built afterwards (bench/lib/deferred-indexes.ts), then
// checked: every balance equals its ledger, every ledger row's running balance is consistent, the
// indexes are the migrations' own. Prints the slowest steps (the seed's profile).
import os from "node:os";
import { performance } from "node:perf_hooks";
import { Client } from "pg";
import type { BenchRow } from "./lib/results";
import { stepRunner, type SeedStep } from "./lib/bulk-load";
import { backendPid, processCpuSeconds } from "./lib/backend-cpu";
import { deferIndexes, indexSnapshot } from "./lib/deferred-indexes";
import { benchMain, numberArg } from "./lib/child-bench";
import { round2 } from "./lib/stats";
import { throwawayDatabase } from "./lib/throwaway-db";
import { migrate } from "../scripts/lib/embedded-db";
import { seedLargeBusiness } from "./seed-large";
import { seedManyBusinesses } from "./seed-many";

export const FULL_SCALE = { customers: 100_000, transactions: 2_000_000, vouchers: 20_000, businesses: 10_000 } as const;
export const SEED_BUDGET_S = 120;

/** The tables the seed fills: their non-unique indexes are built after the load (bench/lib/deferred-indexes.ts). */
export const SEEDED_TABLES = ["customers", "loyalty_cards", "transactions", "points_ledger", "vouchers", "customer_activity"];

export type DataSet = {
  large: Awaited<ReturnType<typeof seedLargeBusiness>>;
  many: Awaited<ReturnType<typeof seedManyBusinesses>>;
  /** building the deferred indexes again */
  indexes: { ms: number; dbCpuSeconds: number | null; count: number };
  analyze: { ms: number; dbCpuSeconds: number | null };
  seconds: number;
  /** every timed step: "large: ...", "small: ...", "index: ..." */
  steps: SeedStep[];
};

/**
 * The large business and the small ones (to `businesses` in all, `extra` already present), loaded
 * at once on two connections with the tables' non-unique indexes left out, then the indexes built
 * again exactly as they were (checked) and the tables analysed.
 */
export async function seedDataSet(url: string, o: { customers: number; transactions: number; vouchers: number; businesses: number; now: Date; extra?: number; consent?: boolean }): Promise<DataSet> {
  const t0 = performance.now();
  const steps: SeedStep[] = [];
  const deferred = await deferIndexes(url, SEEDED_TABLES, steps);
  let loaded: [DataSet["large"], DataSet["many"]];
  let indexes: Awaited<ReturnType<typeof deferred.restore>>;
  try {
    loaded = await Promise.all([
      seedLargeBusiness(url, { customers: o.customers, transactions: o.transactions, vouchers: o.vouchers, now: o.now, seed: 0.42, label: "Bench Large Café", consent: o.consent, analyze: false }),
      seedManyBusinesses(url, { businesses: Math.max(0, o.businesses - 1 - (o.extra ?? 0)), now: o.now, analyze: false }),
    ]);
  } finally {
    indexes = await deferred.restore();
  }
  const [large, many] = loaded;
  const pg = new Client({ connectionString: url });
  await pg.connect();
  let analyze: DataSet["analyze"];
  try {
    const pid = await backendPid(pg);
    const { run } = stepRunner(pg, pid, steps);
    await run("analyze", `ANALYZE businesses, ${SEEDED_TABLES.join(", ")}`);
    analyze = { ms: steps[steps.length - 1].ms, dbCpuSeconds: processCpuSeconds(pid) };
  } finally {
    await pg.end();
  }
  steps.push(...large.steps.map((s) => ({ ...s, step: `large: ${s.step}` })), ...many.steps.map((s) => ({ ...s, step: `small: ${s.step}` })));
  return { large, many, indexes: { ...indexes, count: deferred.dropped.length }, analyze, seconds: round2((performance.now() - t0) / 1000), steps };
}

/** The seed's slowest steps, for the log: "name 12.3 s" each. */
export function slowestSteps(set: DataSet, n = 8): string {
  return [...set.steps]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map((s) => `${s.step} ${round2(s.ms / 1000)} s${s.cpu === null ? "" : ` (${s.cpu} CPU s)`}`)
    .join("; ");
}

/** The bench row of a seed: its time against the 2-minute budget. */
export function seedRow(set: DataSet, businesses: number): BenchRow {
  const parts = [set.large.dbCpuSeconds, set.many.dbCpuSeconds, set.indexes.dbCpuSeconds, set.analyze.dbCpuSeconds];
  const cpu = parts.some((x) => x === null) ? null : (parts as number[]).reduce((a, b) => a + b, 0);
  const s = (ms: number) => round2(ms / 1000);
  const c = (cpuSeconds: number | null) => (cpuSeconds === null ? "?" : round2(cpuSeconds));
  return {
    group: "data",
    name: "seed the data set (set-based)",
    value: Math.round(set.seconds * 1000),
    unit: "ms",
    budget: `< ${SEED_BUDGET_S * 1000} ms (${SEED_BUDGET_S / 60} minutes)`,
    met: set.seconds < SEED_BUDGET_S,
    note:
      `${set.seconds} s; the seeding database backends used ${cpu === null ? "?" : round2(cpu)} CPU seconds (large ${c(set.large.dbCpuSeconds)}, small ${c(set.many.dbCpuSeconds)}, ` +
      `indexes ${c(set.indexes.dbCpuSeconds)}, analyze ${c(set.analyze.dbCpuSeconds)}: what the seed costs on idle cores); ${businesses} businesses: one of ${set.large.customers} customers, ${set.large.transactions} transactions ` +
      `(${set.large.ledgerRows} ledger rows), ${set.large.vouchers} vouchers in ${s(set.large.ms)} s, alongside ${set.many.businessIds.length} small (${set.many.customers} customers, ` +
      `${set.many.transactions} transactions) in ${s(set.many.ms)} s; then ${set.indexes.count} indexes built in ${s(set.indexes.ms)} s, analysed in ${s(set.analyze.ms)} s`,
  };
}

/** Transactions are spread over the two years: the large business's last 7 days hold about 7
 *  days' worth (the weekly shape moves it a little; ~5x that when each transaction was placed
 *  uniformly between its customer's sign-up and now). */
export const LAST_WEEK_DAYS_WORTH = { min: 5, max: 9 } as const;

/** What a seeded data set must hold: every balance the sum of its ledger, every ledger row's
 *  balance the running sum of its customer's entries (in id order), no transaction before its
 *  customer signed up, after now or outside opening hours; and how the large business's
 *  transactions are spread: the last 7 days, the earlier of the two years, the busiest day. */
export async function checkDataSet(pg: Client, largeBusinessId: number, now: Date) {
  const n = async (sql: string, params: unknown[] = []) => Number((await pg.query<{ n: string }>(sql, params)).rows[0].n);
  const large = [largeBusinessId, now.toISOString()];
  return {
    balanceMismatches: await n(
      `SELECT count(*) AS n FROM customers c LEFT JOIN (SELECT "customerId", sum(points) AS s FROM points_ledger GROUP BY 1) l ON l."customerId" = c.id
       WHERE c."totalPoints" <> coalesce(l.s, 0)`,
    ),
    runningMismatches: await n(
      `SELECT count(*) AS n FROM (SELECT "balanceAfter", sum(points) OVER (PARTITION BY "customerId" ORDER BY id) AS run FROM points_ledger) l WHERE "balanceAfter" <> run`,
    ),
    misplaced: await n(
      `SELECT count(*) AS n FROM transactions t JOIN customers c ON c.id = t."customerId"
       WHERE t."createdAt" < c."createdAt" OR t."createdAt" > $1::timestamp OR t."createdAt"::time NOT BETWEEN '07:00' AND '19:00'`,
      [now.toISOString()],
    ),
    largeTransactions: await n(`SELECT count(*) AS n FROM transactions WHERE "businessId" = $1`, [largeBusinessId]),
    lastWeek: await n(`SELECT count(*) AS n FROM transactions WHERE "businessId" = $1 AND "createdAt" > $2::timestamp - interval '7 days'`, large),
    firstYear: await n(`SELECT count(*) AS n FROM transactions WHERE "businessId" = $1 AND "createdAt" <= $2::timestamp - interval '365 days'`, large),
    busiestDay: await n(`SELECT coalesce(max(k), 0) AS n FROM (SELECT count(*) AS k FROM transactions WHERE "businessId" = $1 GROUP BY "createdAt"::date) d`, [largeBusinessId]),
  };
}

/** The rows of a seeded data set's checks. */
export function checkRows(check: Awaited<ReturnType<typeof checkDataSet>>, indexDifferences: number): BenchRow[] {
  const perDay = check.largeTransactions / 730;
  const daysWorth = round2(check.lastWeek / perDay);
  return [
    { group: "data", name: "seeded customers whose balance differs from the ledger", value: check.balanceMismatches, unit: "count", budget: "0", met: check.balanceMismatches === 0 },
    { group: "data", name: "seeded ledger rows whose balance is not the running sum", value: check.runningMismatches, unit: "count", budget: "0", met: check.runningMismatches === 0 },
    { group: "data", name: "seeded transactions before their customer's sign-up, after now or outside 07:00-19:00", value: check.misplaced, unit: "count", budget: "0", met: check.misplaced === 0 },
    {
      group: "data",
      name: "large business: transactions in the last 7 days",
      value: check.lastWeek,
      unit: "count",
      budget: `${LAST_WEEK_DAYS_WORTH.min}-${LAST_WEEK_DAYS_WORTH.max} days' worth of two years`,
      met: daysWorth >= LAST_WEEK_DAYS_WORTH.min && daysWorth <= LAST_WEEK_DAYS_WORTH.max,
      note: `${daysWorth} days' worth at ${round2(perDay)} a day; the earlier year holds ${round2((100 * check.firstYear) / check.largeTransactions)}%; busiest day ${check.busiestDay} (${round2(check.busiestDay / perDay)}x the average)`,
    },
    { group: "data", name: "indexes that differ from the migrations' after the seed", value: indexDifferences, unit: "count", budget: "0", met: indexDifferences === 0 },
  ];
}

async function measure(): Promise<BenchRow[]> {
  const o = {
    customers: numberArg("customers", FULL_SCALE.customers),
    transactions: numberArg("transactions", FULL_SCALE.transactions),
    vouchers: numberArg("vouchers", FULL_SCALE.vouchers),
    businesses: numberArg("businesses", FULL_SCALE.businesses),
  };
  const target = await throwawayDatabase();
  const pg = new Client({ connectionString: target.url });
  try {
    await migrate(target.url);
    await pg.connect();
    const before = await indexSnapshot(pg);
    const now = new Date();
    const set = await seedDataSet(target.url, { ...o, now, consent: true });
    const after = await indexSnapshot(pg);
    const indexDifferences = before.filter((l) => !after.includes(l)).length + after.filter((l) => !before.includes(l)).length;
    const check = await checkDataSet(pg, set.large.businessId, now);
    const counts = (await pg.query(`SELECT (SELECT count(*) FROM businesses) b, (SELECT count(*) FROM customers) c, (SELECT count(*) FROM transactions) t, (SELECT count(*) FROM vouchers) v, (SELECT count(*) FROM points_ledger) l`)).rows[0];
    console.log(`rows: ${JSON.stringify(counts)}; ${target.kind}; load average ${os.loadavg().map(round2).join(" ")}`);
    console.log(`slowest steps: ${slowestSteps(set, 12)}`);
    return [seedRow(set, o.businesses), ...checkRows(check, indexDifferences)];
  } finally {
    await pg.end().catch(() => {});
    if (process.argv.includes("--keep")) console.log(`kept the database: ${target.url}`);
    else await target.drop().catch(() => {});
  }
}

if (require.main === module) benchMain(measure);
