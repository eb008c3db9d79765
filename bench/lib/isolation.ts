// Issue 23: "The small business stays within ±20% of its figures on an empty database." One row per
// probe endpoint: its median on the full database next to the same on the empty one. The machine
// is shared, so the ratio is also taken with each median relative to the trivial endpoint measured
// alongside it (a change of load between the two measurements moves both alike); the budget is met
// when either ratio is within 0.8-1.2 and no request failed in either measurement.
import type { BenchRow } from "./results";
import { round2 } from "./stats";

export const ISOLATION_TOLERANCE = 0.2;

export type ProbeMeasurement = { median: number; p95: number; errors: number; trivialMedian: number };

export function isolationRow(endpoint: string, empty: ProbeMeasurement, full: ProbeMeasurement): BenchRow {
  const ratio = full.median / empty.median;
  const relative = full.median / full.trivialMedian / (empty.median / empty.trivialMedian);
  const within = (x: number) => Number.isFinite(x) && Math.abs(x - 1) <= ISOLATION_TOLERANCE + 1e-9;
  const failures = empty.errors + full.errors;
  return {
    group: "isolation",
    name: `small business ${endpoint} median`,
    value: full.median,
    unit: "ms",
    reference: { label: "same, empty database", value: empty.median, unit: "ms" },
    budget: `within ±${ISOLATION_TOLERANCE * 100}% of the empty database (0.8-1.2x)`,
    met: (within(ratio) || within(relative)) && failures === 0,
    note:
      `${round2(ratio)}x; ${round2(relative)}x relative to the trivial endpoint alongside (${full.trivialMedian} vs ${empty.trivialMedian} ms); ` +
      `p95 ${full.p95} vs ${empty.p95} ms${failures ? `; ${failures} failed requests` : ""}`,
  };
}
