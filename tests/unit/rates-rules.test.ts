import {
  effectiveRates,
  formatPoundsPerPoint,
  formatRate,
  hasAtMostDecimals,
  poundsPerPoint,
  rateChangeBlock,
  rateForDb,
  RATE_BLOCK_LABELS,
} from "@/lib/rules/rates";

describe("effectiveRates (spec 2 section 3 fallbacks)", () => {
  it("keeps set rates, numbers or decimal strings", () => {
    expect(effectiveRates({ pointsPerPound: "2.500", redemptionValue: "1.250", minimumRedemption: 250 })).toEqual({
      pointsPerPound: 2.5,
      redemptionValue: 1.25,
      minimumRedemption: 250,
    });
  });

  it("falls back to 1 point per £1, £0.01 per point and a minimum of 100 when rates are missing", () => {
    expect(effectiveRates({})).toEqual({ pointsPerPound: 1, redemptionValue: 1, minimumRedemption: 100 });
    expect(effectiveRates({ pointsPerPound: null, redemptionValue: undefined, minimumRedemption: null })).toEqual({ pointsPerPound: 1, redemptionValue: 1, minimumRedemption: 100 });
    expect(effectiveRates({ pointsPerPound: 0, redemptionValue: "0", minimumRedemption: 0 })).toEqual({ pointsPerPound: 1, redemptionValue: 1, minimumRedemption: 100 });
    expect(effectiveRates({ pointsPerPound: "abc" })).toMatchObject({ pointsPerPound: 1 });
    expect(poundsPerPoint(effectiveRates({}).redemptionValue)).toBe(0.01);
  });
});

describe("formatting rates", () => {
  it("sends redemption values with 2 decimals, or 3 when the third is set", () => {
    expect(formatRate(1)).toBe("1.00");
    expect(formatRate("1.000")).toBe("1.00");
    expect(formatRate("0.125")).toBe("0.125");
    expect(formatRate(2.5)).toBe("2.50");
    expect(formatRate(0.001)).toBe("0.001");
  });

  it("stores rates with 3 decimals", () => {
    expect(rateForDb(1)).toBe("1.000");
    expect(rateForDb(0.1)).toBe("0.100");
  });

  it("shows pounds per point without float noise", () => {
    expect(formatPoundsPerPoint(1)).toBe("£0.01");
    expect(formatPoundsPerPoint("1.25")).toBe("£0.0125");
    expect(formatPoundsPerPoint(0.001)).toBe("£0.00001");
    expect(formatPoundsPerPoint(150)).toBe("£1.50");
  });

  it("checks decimal places despite binary floats", () => {
    expect(hasAtMostDecimals(0.3, 1)).toBe(true);
    expect(hasAtMostDecimals(0.1 + 0.2, 1)).toBe(true);
    expect(hasAtMostDecimals(0.15, 1)).toBe(false);
    expect(hasAtMostDecimals(0.001, 3)).toBe(true);
    expect(hasAtMostDecimals(0.0015, 3)).toBe(false);
    expect(hasAtMostDecimals(7, 0)).toBe(true);
    expect(hasAtMostDecimals(7.5, 0)).toBe(false);
  });
});

describe("rateChangeBlock (spec 2 section 4.1)", () => {
  it.each([
    [{ accountStatus: "closed", sleepStatus: "active" }, "closed"],
    [{ accountStatus: "archived", sleepStatus: "active" }, "closed"],
    [{ accountStatus: "snoozed", sleepStatus: "active" }, "snoozed"],
    [{ accountStatus: "paused", sleepStatus: "awake" }, "snoozed"],
    [{ accountStatus: "active", sleepStatus: "asleep" }, "asleep"],
    [{ accountStatus: "active", sleepStatus: "scheduled_deletion" }, "scheduled_deletion"],
    [{ accountStatus: "closed", sleepStatus: "asleep" }, "closed"],
  ])("refuses %j (%s)", (customer, block) => {
    expect(rateChangeBlock(customer)).toBe(block);
  });

  it("allows active and awake customers", () => {
    expect(rateChangeBlock({ accountStatus: "active", sleepStatus: "active" })).toBeNull();
    expect(rateChangeBlock({ accountStatus: "active", sleepStatus: "awake" })).toBeNull();
  });

  it("has a label for every reason", () => {
    expect(RATE_BLOCK_LABELS.scheduled_deletion).toBe("scheduled for deletion");
  });
});
