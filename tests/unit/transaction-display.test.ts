import { formatAmount, pointsParts, promoCell, transactionTypeLabel, type PromoVoucher } from "@/lib/rules/transaction-display";

const now = new Date("2026-06-01T12:00:00.000Z");
const voucher = (overrides: Partial<PromoVoucher> = {}): PromoVoucher => ({ promoCode: "SUMMER10", status: "active", expiresAt: "2026-12-31T23:59:59.000Z", customerId: 1, ...overrides });
const purchase = { type: "purchase", promoCode: "SUMMER10", discountAmount: "0.00", customerId: 1 };

describe("promo column (spec 2 section 2.1)", () => {
  it("shows '-' without a promo code", () => {
    expect(promoCell({ ...purchase, promoCode: null }, [voucher()], now)).toEqual({ kind: "none" });
    expect(promoCell({ ...purchase, promoCode: "  " }, [voucher()], now)).toEqual({ kind: "none" });
  });

  it("shows 'redeemed' for a purchase with a discount above 0, whatever the voucher's state", () => {
    expect(promoCell({ ...purchase, discountAmount: "1.50" }, [], now)).toEqual({ kind: "redeemed", code: "SUMMER10" });
    expect(promoCell({ ...purchase, discountAmount: "0.01" }, undefined, now)).toEqual({ kind: "redeemed", code: "SUMMER10" });
  });

  it("a discount on a type other than purchase is looked up instead", () => {
    expect(promoCell({ ...purchase, type: "bonus_points", discountAmount: "1.50" }, [voucher()], now)).toEqual({ kind: "live", code: "SUMMER10" });
  });

  it("shows the code while the voucher is live (case-insensitive match)", () => {
    expect(promoCell({ ...purchase, promoCode: "summer10" }, [voucher()], now)).toEqual({ kind: "live", code: "summer10" });
    expect(promoCell(purchase, [voucher({ expiresAt: null })], now)).toEqual({ kind: "live", code: "SUMMER10" });
  });

  it("shows 'expired' past the expiry, or when the voucher's status says so", () => {
    expect(promoCell(purchase, [voucher({ expiresAt: "2026-05-31T23:59:59.000Z" })], now)).toEqual({ kind: "expired", code: "SUMMER10" });
    expect(promoCell(purchase, [voucher({ expiresAt: now.toISOString() })], now).kind).toBe("expired");
    expect(promoCell(purchase, [voucher({ status: "expired" })], now).kind).toBe("expired");
  });

  it("shows 'deleted' when the voucher no longer exists, or was cancelled/deleted", () => {
    expect(promoCell(purchase, [], now)).toEqual({ kind: "deleted", code: "SUMMER10" });
    expect(promoCell(purchase, [voucher({ promoCode: "OTHER" })], now).kind).toBe("deleted");
    expect(promoCell(purchase, [voucher({ status: "deleted" })], now).kind).toBe("deleted");
    expect(promoCell(purchase, [voucher({ status: "cancelled" })], now).kind).toBe("deleted");
  });

  it("prefers the transaction's own customer's voucher over another customer's with the same code", () => {
    const vouchers = [voucher({ customerId: 2 }), voucher({ customerId: 1, status: "cancelled" })];
    expect(promoCell(purchase, vouchers, now).kind).toBe("deleted");
    // No voucher of this customer at all: any voucher with the code decides.
    expect(promoCell({ ...purchase, customerId: 3 }, vouchers, now).kind).toBe("live");
  });

  it("without the vouchers list (the call failed) shows the bare code", () => {
    expect(promoCell(purchase, undefined, now)).toEqual({ kind: "unknown", code: "SUMMER10" });
  });
});

describe("points column", () => {
  it("shows +earned, -redeemed, both after a correction, or 0", () => {
    expect(pointsParts({ pointsEarned: 12, pointsRedeemed: 0 })).toEqual([{ text: "+12", tone: "earned" }]);
    expect(pointsParts({ pointsEarned: 0, pointsRedeemed: 100 })).toEqual([{ text: "-100", tone: "redeemed" }]);
    expect(pointsParts({ pointsEarned: 5, pointsRedeemed: 3 })).toEqual([
      { text: "+5", tone: "earned" },
      { text: "-3", tone: "redeemed" },
    ]);
    expect(pointsParts({ pointsEarned: 0, pointsRedeemed: 0 })).toEqual([{ text: "0", tone: "none" }]);
  });
});

describe("labels and formats", () => {
  it("names the six types, reading manual_adjustment as points adjustment; an unknown type is spelled out", () => {
    const types = ["purchase", "points_redemption", "bonus_points", "points_adjustment", "manual_adjustment", "gift_points", "goodwill_points", "some_new_type"];
    expect(types.map(transactionTypeLabel)).toEqual(["purchase", "points redemption", "bonus points", "points adjustment", "points adjustment", "gift points", "goodwill points", "some new type"]);
  });

  it.each(Object.entries({ "12.5": "£12.50", "0.00": "£0.00", "1234.56": "£1,234.56", "not a number": "£0.00" }))("formats the amount %j in pounds with 2 decimals: %s", (amount, shown) => {
    expect(formatAmount(amount)).toBe(shown);
  });
});
