import { formatCount, formatPoundsTwoDecimals, formatWholePoundsFromPence } from "@/lib/rules/dashboard-format";

describe("dashboard number formats (spec 1 section 9)", () => {
  it("counts in full below 100,000 and compact (K, M) from 100,000", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(99_999)).toBe("99,999");
    expect(formatCount(100_000)).toBe("100K");
    expect(formatCount(1_500_000)).toBe("1.5M");
  });

  it("transaction value to 2 decimals", () => {
    expect(formatPoundsTwoDecimals(0)).toBe("£0.00");
    expect(formatPoundsTwoDecimals(157.5)).toBe("£157.50");
    expect(formatPoundsTwoDecimals(1234.56)).toBe("£1,234.56");
    expect(formatPoundsTwoDecimals(250_000)).toBe("£250K");
  });

  it("voucher values in whole pounds from pence", () => {
    expect(formatWholePoundsFromPence(0)).toBe("£0");
    expect(formatWholePoundsFromPence(1550)).toBe("£16");
    expect(formatWholePoundsFromPence(123_400)).toBe("£1,234");
    expect(formatWholePoundsFromPence(15_000_000)).toBe("£150K");
  });
});
