// One row of `npm run bench`'s table and of bench/results.json. Every scenario module returns
// rows of this shape, so the runner can print one table with each budget marked met or not.

export type BenchRow = {
  /** Where the figure belongs, e.g. "dashboard", "transactions", "pages", "wallet". */
  group: string;
  /** What was measured, e.g. "GET /api/dashboard/stats p95" or "/customers first-load JS". */
  name: string;
  value: number;
  unit: "ms" | "req/s" | "kB" | "MB" | "score" | "ratio" | "%" | "count";
  /** The same figure measured in the same run by the floor it is compared with (raw SQL, trivial endpoint...). */
  reference?: { label: string; value: number; unit: BenchRow["unit"] };
  /** The budget in words, e.g. "<= 1.5x SQL and p95 < 100 ms". */
  budget?: string;
  /** null when the row is informative only (no budget). */
  met: boolean | null;
  note?: string;
};
