import { capacityBanner, paymentGraceDaysLeft, planSummary } from "@/lib/rules/plan-banners";

const base = { subscriptionStatus: "pro_starter", isFounderMember: false, subscriptionPrice: null, trialEndsAt: null };

describe("account hub banners", () => {
  it("warns from 8 customers, is full at the limit and over it above", () => {
    expect(capacityBanner(7, 10)).toBeNull();
    expect(capacityBanner(8, 10)).toBe("almost_at_limit");
    expect(capacityBanner(9, 10)).toBe("almost_at_limit");
    expect(capacityBanner(10, 10)).toBe("party_is_full");
    expect(capacityBanner(11, 10)).toBe("over_limit");
    expect(capacityBanner(500, null)).toBeNull(); // unlimited
  });

  it("counts the 7-day payment grace period down in whole days", () => {
    const failed = new Date("2026-11-20T12:00:00Z");
    expect(paymentGraceDaysLeft(failed, new Date("2026-11-20T12:00:00Z"))).toBe(7);
    expect(paymentGraceDaysLeft(failed, new Date("2026-11-26T12:00:00Z"))).toBe(1);
    expect(paymentGraceDaysLeft(failed, new Date("2026-11-27T11:00:00Z"))).toBe(1);
    expect(paymentGraceDaysLeft(failed, new Date("2026-11-27T12:00:00Z"))).toBe(0);
    expect(paymentGraceDaysLeft(failed, new Date("2026-12-20T12:00:00Z"))).toBe(0);
  });

  it("names the plans: starter, max trial, max at £21.00/month, founder free for life", () => {
    expect(planSummary(base)).toMatchObject({ name: "starter", price: "free", canUpgrade: true, canDowngrade: false });
    expect(planSummary({ ...base, subscriptionStatus: "trial", trialEndsAt: "2026-12-18T10:00:00Z" })).toMatchObject({ name: "max trial", note: "your trial ends on 18/12/2026.", canUpgrade: true });
    expect(planSummary({ ...base, subscriptionStatus: "pro_max" })).toMatchObject({ name: "max", price: "£21.00/month", canDowngrade: true, canUpgrade: false });
    expect(planSummary({ ...base, subscriptionStatus: "active", subscriptionPrice: "19.99" })).toMatchObject({ name: "max", price: "£19.99/month" });
    expect(planSummary({ ...base, subscriptionStatus: "pro_max" }).note).toContain("£2 charity donation");
    expect(planSummary({ ...base, isFounderMember: true })).toMatchObject({ name: "max", price: "free for life", canUpgrade: false, canDowngrade: false });
    expect(planSummary({ ...base, subscriptionStatus: "cancelled" })).toMatchObject({ name: "cancelled", canUpgrade: true });
  });
});
