/** @jest-environment node */
import path from "node:path";
import { runInChild } from "../../bench/lib/child-bench";
import type { BenchRow } from "../../bench/lib/results";

// Issue 23: the bench's data set (bench/seed.ts) at a fiftieth of its size, run as the bench runs
// it: in a child process, in its own throwaway database (a new database on DATABASE_URL's server,
// or a fresh embedded PGlite), since the seed drops and rebuilds indexes, which must not touch the
// shared test database. Its check rows say:
// - times are realistic: each transaction's moment is drawn over the two years first, then a
//   customer signed up by then (the seed used to place each transaction uniformly between its
//   customer's sign-up and now, which put ~5x a week's worth into the last 7 days);
// - the ledger is consistent: balances are the ledger's sums, every balanceAfter the running sum;
// - the indexes the seed drops for the load come back exactly as the migrations made them.

jest.setTimeout(600_000);

const TRANSACTIONS = 40_000;
let rows: BenchRow[];
const row = (name: string) => {
  const r = rows.find((x) => x.name === name);
  if (!r) throw new Error(`no row "${name}" in ${JSON.stringify(rows.map((x) => x.name))}`);
  return r;
};

beforeAll(async () => {
  rows = await runInChild(path.join(__dirname, "..", "..", "bench", "seed.ts"), { customers: 2_000, transactions: TRANSACTIONS, vouchers: 200, businesses: 40 });
});

test("the seed writes the asked data set with a consistent ledger", () => {
  expect(row("seed the data set (set-based)").note).toContain(`one of 2000 customers, ${TRANSACTIONS} transactions`);
  expect(row("seed the data set (set-based)").note).toContain("alongside 39 small (780 customers, 3900 transactions)");
  expect(row("seeded customers whose balance differs from the ledger")).toMatchObject({ value: 0, met: true });
  expect(row("seeded ledger rows whose balance is not the running sum")).toMatchObject({ value: 0, met: true });
  expect(row("seeded transactions before their customer's sign-up, after now or outside 07:00-19:00")).toMatchObject({ value: 0, met: true });
});

test("transactions are spread over the two years, not crowded into the last days", () => {
  const week = row("large business: transactions in the last 7 days");
  expect(week.met).toBe(true);
  const perDay = TRANSACTIONS / 730;
  expect(week.value).toBeGreaterThan(5 * perDay);
  expect(week.value).toBeLessThan(9 * perDay);
  const share = Number(/the earlier year holds ([\d.]+)%/.exec(week.note ?? "")?.[1]);
  expect(share).toBeGreaterThan(40);
  expect(share).toBeLessThan(60);
  const busiest = Number(/busiest day \d+ \(([\d.]+)x the average\)/.exec(week.note ?? "")?.[1]);
  expect(busiest).toBeLessThan(2.5);
});

test("the indexes dropped for the load are built again exactly as the migrations define them", () => {
  expect(row("seed the data set (set-based)").note).toMatch(/then (2\d|3\d) indexes built/);
  expect(row("indexes that differ from the migrations' after the seed")).toMatchObject({ value: 0, met: true });
});
