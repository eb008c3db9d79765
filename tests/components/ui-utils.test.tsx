import { cn } from "@/lib/utils";
import { formatCompact, formatDate, formatDateTime, formatGBP, formatPounds } from "@/lib/rules/format";

// Pence in, pounds out: formatGBP to the penny, formatPounds to the whole pound (rounded).
describe.each([
  { format: formatGBP, cases: [[0, "£0.00"], [5, "£0.05"], [123450, "£1,234.50"], [-123450, "-£1,234.50"], [100_000_000, "£1,000,000.00"]] },
  { format: formatPounds, cases: [[0, "£0"], [1200, "£12"], [1250, "£13"], [-500, "-£5"], [123400, "£1,234"]] },
] as const)("$format.name", ({ format, cases }) => {
  it.each(cases)("%p pence -> %p", (pence, expected) => {
    expect(format(pence)).toBe(expected);
  });
});

describe("formatDate / formatDateTime", () => {
  it("prints en-GB day/month/year", () => {
    expect(formatDate(new Date("2026-11-22T10:00:00Z"))).toBe("22/11/2026");
    expect(formatDate("2026-01-05")).toBe("05/01/2026");
  });

  it("uses UK time, so a late-evening UTC instant in summer is the next day", () => {
    expect(formatDate("2026-07-31T23:30:00Z")).toBe("01/08/2026");
    expect(formatDate("2026-12-31T23:30:00Z")).toBe("31/12/2026");
  });

  it("prints date and 24-hour time", () => {
    expect(formatDateTime("2026-11-22T13:05:00Z")).toBe("22/11/2026, 13:05");
  });

  it("returns an empty string for an invalid date", () => {
    expect(formatDate("not a date")).toBe("");
    expect(formatDateTime(new Date(NaN))).toBe("");
  });
});

describe("formatCompact", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1234, "1,234"],
    [99_999, "99,999"],
    [100_000, "100K"],
    [250_500, "250.5K"],
    [1_500_000, "1.5M"],
    [2_000_000_000, "2B"],
    [-1234, "-1,234"],
    [-250_000, "-250K"],
  ])("%p -> %p", (n, expected) => {
    expect(formatCompact(n)).toBe(expected);
  });
});

describe("cn", () => {
  it("merges conflicting Tailwind classes, last wins", () => {
    const hidden = false;
    expect(cn("px-2 py-1", hidden && "hidden", "px-4")).toBe("py-1 px-4");
  });
});
