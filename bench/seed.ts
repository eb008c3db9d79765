// The issue-23 data set on its own, timed (budget: 2 minutes on the 2-core bench machine):
//   node --import tsx bench/seed.ts [--customers 100000] [--transactions 2000000] [--vouchers 20000]
//     [--businesses 10000] [--write-results] [--keep]
// One large business and --businesses - 1 small ones (bench/seed-many.ts's defaults each), seeded
// set-based into a throwaway database with the migrations applied, then checked: every balance
// equals its ledger and every ledger row's running balance is consistent.
import { performance } from "node:perf_hooks";
import { Client } from "pg";
import type { BenchRow } from "./lib/results";
import { benchMain, numberArg } from "./lib/child-bench";
import { round2 } from "./lib/stats";
import { throwawayDatabase } from "./lib/throwaway-db";
import { migrate } from "../scripts/lib/embedded-db";
import { seedLargeBusiness } from "./seed-large";
import { seedManyBusinesses } from "./seed-many";

export const FULL_SCALE = { customers: 100_000, transactions: 2_000_000, vouchers: 20_000, businesses: 10_000 } as const;
export const SEED_BUDGET_S = 120;

export type DataSet = { large: Awaited<ReturnType<typeof seedLargeBusiness>>; many: Awaited<ReturnType<typeof seedManyBusinesses>>; seconds: number };

/** The large business, then the small ones (to `businesses` in all, `extra` already present). */
export async function seedDataSet(url: string, o: { customers: number; transactions: number; vouchers: number; businesses: number; now: Date; extra?: number; consent?: boolean }): Promise<DataSet> {
  const t0 = performance.now();
  const large = await seedLargeBusiness(url, { customers: o.customers, transactions: o.transactions, vouchers: o.vouchers, now: o.now, seed: 0.42, label: "Bench Large Café", consent: o.consent });
  const many = await seedManyBusinesses(url, { businesses: Math.max(0, o.businesses - 1 - (o.extra ?? 0)), now: o.now });
  return { large, many, seconds: round2((performance.now() - t0) / 1000) };
}

/** The bench row of a seed: its time against the 2-minute budget. */
export function seedRow(set: DataSet, businesses: number): BenchRow {
  const cpu = set.large.dbCpuSeconds === null || set.many.dbCpuSeconds === null ? null : set.large.dbCpuSeconds + set.many.dbCpuSeconds;
  return {
    group: "data",
    name: "seed the data set (set-based)",
    value: Math.round(set.seconds * 1000),
    unit: "ms",
    budget: `< ${SEED_BUDGET_S * 1000} ms (${SEED_BUDGET_S / 60} minutes)`,
    met: set.seconds < SEED_BUDGET_S,
    note: `${set.seconds} s; the seeding database backends used ${cpu === null ? "?" : round2(cpu)} CPU seconds (what the seed costs on an idle core); ${businesses} businesses: one of ${set.large.customers} customers, ${set.large.transactions} transactions (${set.large.ledgerRows} ledger rows), ${set.large.vouchers} vouchers in ${round2(set.large.ms / 1000)} s; ${set.many.businessIds.length} small (${set.many.customers} customers, ${set.many.transactions} transactions) in ${round2(set.many.ms / 1000)} s`,
  };
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
    const set = await seedDataSet(target.url, { ...o, now: new Date(), consent: true });
    await pg.connect();
    const mismatches = Number(
      (
        await pg.query(
          `SELECT count(*) FROM customers c LEFT JOIN (SELECT "customerId", sum(points) AS s FROM points_ledger GROUP BY 1) l ON l."customerId" = c.id
           WHERE c."totalPoints" <> coalesce(l.s, 0)`,
        )
      ).rows[0].count,
    );
    const counts = (await pg.query(`SELECT (SELECT count(*) FROM businesses) b, (SELECT count(*) FROM customers) c, (SELECT count(*) FROM transactions) t, (SELECT count(*) FROM vouchers) v, (SELECT count(*) FROM points_ledger) l`)).rows[0];
    console.log(`rows: ${JSON.stringify(counts)}; ${target.kind}`);
    return [
      seedRow(set, o.businesses),
      { group: "data", name: "seeded customers whose balance differs from the ledger", value: mismatches, unit: "count", budget: "0", met: mismatches === 0 },
    ];
  } finally {
    await pg.end().catch(() => {});
    if (process.argv.includes("--keep")) console.log(`kept the database: ${target.url}`);
    else await target.drop().catch(() => {});
  }
}

if (require.main === module) benchMain(measure);
