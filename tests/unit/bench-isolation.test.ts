/** @jest-environment node */
import { isolationRow } from "../../bench/lib/isolation";

// Issue 23: "The small business stays within ±20% of its figures on an empty database." The row
// was met for any full/empty ratio up to 1.2, so a probe that became 30% faster (or one whose
// empty-database measurement failed) passed; the budget is two-sided, on the plain ratio or the
// one relative to the trivial endpoint measured alongside.
const m = (median: number, trivialMedian = 5, errors = 0) => ({ median, p95: median * 1.5, errors, trivialMedian });

describe("isolation rows", () => {
  test("within ±20%, either plainly or relative to the trivial endpoint", () => {
    expect(isolationRow("GET /api/customers", m(10), m(11.9)).met).toBe(true);
    expect(isolationRow("GET /api/customers", m(10), m(8.1)).met).toBe(true);
    // 1.5x plainly, but the trivial endpoint also took 1.5x: the machine was busier.
    expect(isolationRow("GET /api/customers", m(10, 4), m(15, 6)).met).toBe(true);
  });

  test("outside ±20% on both counts is not met, whichever way", () => {
    expect(isolationRow("GET /api/customers", m(10), m(12.5)).met).toBe(false);
    expect(isolationRow("GET /api/customers", m(10), m(7)).met).toBe(false);
  });

  test("failed requests in either measurement fail the row", () => {
    expect(isolationRow("POST /api/transactions", m(10, 5, 1), m(10)).met).toBe(false);
    expect(isolationRow("POST /api/transactions", m(10), m(10, 5, 2)).met).toBe(false);
  });

  test("the row names the endpoint, the budget and both ratios", () => {
    const row = isolationRow("GET /api/dashboard/stats", m(10, 5), m(11, 5.5));
    expect(row).toMatchObject({ group: "isolation", name: "small business GET /api/dashboard/stats median", value: 11, reference: { value: 10 }, budget: "within ±20% of the empty database (0.8-1.2x)" });
    expect(row.note).toContain("1.1x; 1x relative to the trivial endpoint alongside (5.5 vs 5 ms)");
  });
});
