import { allowedTypesFor, discountFor, pointsForPurchase, normaliseTransactionType } from "@/lib/rules/points";
import { parsePounds, redemptionValuePence } from "@/lib/rules/money";

describe("points rules (spec 2 section 5.1)", () => {
  it("earns floor(amount x points per pound) without float errors", () => {
    expect(pointsForPurchase(1299, 1)).toBe(12);
    expect(pointsForPurchase(1000, 1.5)).toBe(15);
    expect(pointsForPurchase(999, 1.5)).toBe(14);
    expect(pointsForPurchase(30, 10)).toBe(3); // £0.30 x 10 = 3 exactly, not 2.9999
    expect(pointsForPurchase(70, 10)).toBe(7);
    expect(pointsForPurchase(0, 2)).toBe(0);
    expect(pointsForPurchase(500, 0.1)).toBe(0);
  });

  it("values redeemed points at pounds per 100 points", () => {
    expect(redemptionValuePence(100, 1)).toBe(100);
    expect(redemptionValuePence(250, 1)).toBe(250);
    expect(redemptionValuePence(150, 2.5)).toBe(375);
    expect(redemptionValuePence(333, 0.333)).toBe(111); // 110.889p to the nearest penny
  });

  it("rounds the redemption value to two decimals, halves up (issue 17: 3 points at £1.255 per 100 = £0.04)", () => {
    expect(redemptionValuePence(3, 1.255)).toBe(4);
    expect(redemptionValuePence(1, 0.5)).toBe(1); // exactly half a penny rounds up
    expect(redemptionValuePence(1, 0.499)).toBe(0);
    expect(redemptionValuePence(7, 0.1)).toBe(1); // 0.7p, no float drift
  });

  it("discounts: percentage capped by maxDiscount, fixed value, never above the amount", () => {
    expect(discountFor({ discountType: "percentage", discountValue: 10, maxDiscountPence: null, minSpendPence: null }, 2000)).toBe(200);
    expect(discountFor({ discountType: "percentage", discountValue: 50, maxDiscountPence: 500, minSpendPence: null }, 2000)).toBe(500);
    expect(discountFor({ discountType: "fixed", discountValue: 5, maxDiscountPence: null, minSpendPence: null }, 2000)).toBe(500);
    expect(discountFor({ discountType: "fixed", discountValue: 25, maxDiscountPence: null, minSpendPence: null }, 2000)).toBe(2000);
    expect(discountFor({ discountType: "percentage", discountValue: 12.5, maxDiscountPence: null, minSpendPence: null }, 999)).toBe(124);
  });

  it("parses pound amounts strictly", () => {
    expect(parsePounds("12.50")).toBe(1250);
    expect(parsePounds("12.5")).toBe(1250);
    expect(parsePounds(3)).toBe(300);
    expect(parsePounds("0.07")).toBe(7);
    for (const bad of ["", "-1", "1.234", "abc", "1e3", "12,50", "99999999"]) expect(parsePounds(bad)).toBeNull();
  });

  it("accepts both names of the adjustment type", () => {
    expect(normaliseTransactionType("manual_adjustment")).toBe("points_adjustment");
    expect(normaliseTransactionType("purchase")).toBe("purchase");
  });

  it("sleeping and snoozed customers may only make purchases; closed ones nothing", () => {
    expect(allowedTypesFor({ accountStatus: "active", sleepStatus: "active" })).toHaveLength(6);
    expect(allowedTypesFor({ accountStatus: "active", sleepStatus: "asleep" })).toEqual(["purchase"]);
    expect(allowedTypesFor({ accountStatus: "snoozed", sleepStatus: "active" })).toEqual(["purchase"]);
    expect(allowedTypesFor({ accountStatus: "paused", sleepStatus: "awake" })).toEqual(["purchase"]);
    expect(allowedTypesFor({ accountStatus: "active", sleepStatus: "scheduled_deletion" })).toEqual(["purchase"]);
    expect(allowedTypesFor({ accountStatus: "closed", sleepStatus: "active" })).toEqual([]);
  });
});
