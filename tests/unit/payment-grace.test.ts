import fc from "fast-check";
import { graceEndsAt } from "@/lib/billing/plan-machine";
import { paymentGraceDaysLeft as bannerDaysLeft } from "@/lib/rules/plan-banners";
import { PAYMENT_FAILED_GRACE_DAYS, paymentGraceDaysLeft, paymentGraceEndsAt } from "@/lib/rules/plans";
import { DAY_MS, wholeDaysUntil } from "@/lib/rules/uk-time";

// Issue 21: the payment-failure grace period has one rule, read by the billing machine (server) and
// the account banners (client) alike.
describe("payment-failure grace (one rule)", () => {
  it("the server's end and the screens' countdown agree for any failure and any moment", () => {
    const t = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) });
    fc.assert(
      fc.property(t, fc.integer({ min: -DAY_MS, max: 10 * DAY_MS }), (failed, after) => {
        const failedAt = new Date(failed);
        const now = new Date(failed + after);
        expect(graceEndsAt(failedAt)).toEqual(paymentGraceEndsAt(failedAt));
        expect(graceEndsAt(failedAt).getTime() - failed).toBe(PAYMENT_FAILED_GRACE_DAYS * DAY_MS);
        const left = paymentGraceDaysLeft(failedAt.toISOString(), now);
        expect(bannerDaysLeft(failedAt, now)).toBe(left);
        expect(left).toBe(wholeDaysUntil(graceEndsAt(failedAt), now));
        expect(left === 0).toBe(graceEndsAt(failedAt) <= now);
      }),
    );
    expect(paymentGraceDaysLeft(null, new Date())).toBe(PAYMENT_FAILED_GRACE_DAYS);
  });
});
