import { effectiveCustomerLimit, isUnlimitedPlan, planLabel } from "@/lib/rules/plans";

describe("plan rules", () => {
  it("max, active and founders are unlimited; starter and trial keep their limit", () => {
    expect(isUnlimitedPlan("pro_max")).toBe(true);
    expect(isUnlimitedPlan("active")).toBe(true);
    expect(isUnlimitedPlan("pro_starter")).toBe(false);
    expect(isUnlimitedPlan("trial")).toBe(false);
    expect(isUnlimitedPlan("pro_starter", true)).toBe(true);
  });

  it("founders get 999999, starters their stored limit, max none", () => {
    expect(effectiveCustomerLimit({ subscriptionStatus: "pro_starter", customerLimit: 10, isFounderMember: true })).toBe(999_999);
    expect(effectiveCustomerLimit({ subscriptionStatus: "pro_starter", customerLimit: 10, isFounderMember: false })).toBe(10);
    expect(effectiveCustomerLimit({ subscriptionStatus: "pro_max", customerLimit: 10, isFounderMember: false })).toBeNull();
  });

  it("labels 'active' as max", () => {
    expect(planLabel("active")).toBe("max");
    expect(planLabel("pro_max")).toBe("max");
    expect(planLabel("payment_failed")).toBe("payment failed");
  });
});
