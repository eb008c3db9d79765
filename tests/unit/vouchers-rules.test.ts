import {
  cannotCancelMessage,
  cannotEditMessage,
  consentMismatchText,
  decimalInput,
  effectiveVoucherStatus,
  endOfUkDay,
  expiryPickerRange,
  formatVoucherDiscount,
  formatVoucherExpiry,
  isCalendarDate,
  isExpiryDayPast,
  missingConsents,
  nameList,
  normalisePromoCodeInput,
  poundsToPence,
  startOfUkMonth,
  ukDateOf,
  voucherBlockReason,
} from "@/lib/rules/vouchers";
import { createVoucherSchema, updateVoucherSchema } from "@/lib/validation/vouchers";

describe("voucher status", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("an active voucher past its expiry is expired, whatever the row says", () => {
    expect(effectiveVoucherStatus({ status: "active", expiresAt: new Date("2026-11-22T11:59:59Z") }, now)).toBe("expired");
    expect(effectiveVoucherStatus({ status: "active", expiresAt: "2026-11-22T12:00:00Z" }, now)).toBe("expired");
    expect(effectiveVoucherStatus({ status: "active", expiresAt: "2026-11-22T12:00:01Z" }, now)).toBe("active");
    expect(effectiveVoucherStatus({ status: "active", expiresAt: null }, now)).toBe("active");
    expect(effectiveVoucherStatus({ status: "redeemed", expiresAt: "2020-01-01T00:00:00Z" }, now)).toBe("redeemed");
    expect(effectiveVoucherStatus({ status: "cancelled", expiresAt: null }, now)).toBe("cancelled");
  });

  it("says why a voucher cannot be changed, in the spec's words", () => {
    expect(cannotEditMessage("redeemed")).toBe("Cannot edit - voucher is redeemed");
    expect(cannotCancelMessage("expired")).toBe("Cannot cancel - voucher is expired");
  });
});

describe("expiry at 23:59:59 UK time", () => {
  it("uses GMT in winter and BST in summer, including the days the clocks change", () => {
    expect(endOfUkDay("2026-01-15").toISOString()).toBe("2026-01-15T23:59:59.000Z");
    expect(endOfUkDay("2026-07-15").toISOString()).toBe("2026-07-15T22:59:59.000Z");
    expect(endOfUkDay("2026-03-29").toISOString()).toBe("2026-03-29T22:59:59.000Z"); // clocks went forward that morning
    expect(endOfUkDay("2026-10-25").toISOString()).toBe("2026-10-25T23:59:59.000Z"); // clocks went back that morning
  });

  it("today is fine until the day is over; yesterday never", () => {
    expect(isExpiryDayPast("2026-07-15", new Date("2026-07-15T22:59:58Z"))).toBe(false);
    expect(isExpiryDayPast("2026-07-15", new Date("2026-07-15T22:59:59Z"))).toBe(true);
    expect(isExpiryDayPast("2026-07-14", new Date("2026-07-15T08:00:00Z"))).toBe(true);
    expect(isExpiryDayPast("2026-07-16", new Date("2026-07-15T08:00:00Z"))).toBe(false);
  });

  it("reads instants as UK calendar days and refuses impossible dates", () => {
    expect(ukDateOf(new Date("2026-07-15T23:30:00Z"))).toBe("2026-07-16");
    expect(ukDateOf(new Date("2026-01-15T23:30:00Z"))).toBe("2026-01-15");
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-1-5")).toBe(false);
    expect(() => endOfUkDay("nope")).toThrow(RangeError);
  });

  it("the picker offers today to the end of the current year plus 10", () => {
    expect(expiryPickerRange(new Date("2026-11-22T12:00:00Z"))).toEqual({ min: "2026-11-22", max: "2036-12-31" });
  });

  it("shows 'MMM d, yyyy' in UK time, or 'No expiry'", () => {
    expect(formatVoucherExpiry("2026-11-22T23:59:59.000Z")).toBe("Nov 22, 2026");
    expect(formatVoucherExpiry("2026-07-15T22:59:59.000Z")).toBe("Jul 15, 2026");
    expect(formatVoucherExpiry(null)).toBe("No expiry");
    expect(formatVoucherExpiry("garbage")).toBe("No expiry");
  });

  it("the SMS month starts at midnight UK time on the 1st", () => {
    expect(startOfUkMonth(new Date("2026-07-20T10:00:00Z")).toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(startOfUkMonth(new Date("2026-01-20T10:00:00Z")).toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(startOfUkMonth(new Date("2026-07-31T23:30:00Z")).toISOString()).toBe("2026-07-31T23:00:00.000Z");
  });
});

describe("who may receive a voucher", () => {
  const base = { accountStatus: "active", sleepStatus: "active", marketingConsentEmail: true, marketingConsentSms: false };
  it("closed, archived, parked, snoozed, asleep and scheduled for deletion customers may not", () => {
    expect(voucherBlockReason(base)).toBeNull();
    expect(voucherBlockReason({ ...base, sleepStatus: "awake" })).toBeNull();
    expect(voucherBlockReason({ ...base, accountStatus: "closed" })).toBe("closed");
    expect(voucherBlockReason({ ...base, accountStatus: "archived" })).toBe("closed");
    expect(voucherBlockReason({ ...base, accountStatus: "paused" })).toBe("snoozed");
    expect(voucherBlockReason({ ...base, isParked: true })).toBe("parked");
    expect(voucherBlockReason({ ...base, parkedAt: "2026-01-01T00:00:00Z" })).toBe("parked");
    expect(voucherBlockReason({ ...base, sleepStatus: "asleep" })).toBe("asleep");
    expect(voucherBlockReason({ ...base, sleepStatus: "scheduled_deletion" })).toBe("scheduled for deletion");
  });

  it("checks consent per chosen channel", () => {
    expect(missingConsents(base, { sendEmail: true, sendSms: false })).toEqual([]);
    expect(missingConsents(base, { sendEmail: true, sendSms: true })).toEqual(["sms"]);
    expect(missingConsents({ ...base, marketingConsentEmail: false }, { sendEmail: true, sendSms: false })).toEqual(["email"]);
    expect(consentMismatchText(1, { sendEmail: true, sendSms: false })).toBe("1 selected customer lacks consent for email");
    expect(consentMismatchText(3, { sendEmail: false, sendSms: true })).toBe("3 selected customers lack consent for SMS");
  });

  it("names people in a short list", () => {
    expect(nameList(["Amy"])).toBe("Amy");
    expect(nameList(["Amy", "Bo"])).toBe("Amy and Bo");
    expect(nameList(["Amy", "Bo", "Cy", "Di", "Ed"])).toBe("Amy, Bo, Cy and 2 more");
  });
});

describe("inputs", () => {
  it("upper-cases the code as typed and keeps letters, digits, - and _", () => {
    expect(normalisePromoCodeInput("summer 20!")).toBe("SUMMER20");
    expect(normalisePromoCodeInput("xmas-2026_a")).toBe("XMAS-2026_A");
  });

  it("discount and minimum spend accept only digits with one optional decimal point", () => {
    expect(decimalInput("12.5.3")).toBe("12.53");
    expect(decimalInput("£4,50")).toBe("450");
    expect(decimalInput("-3e2")).toBe("32");
    expect(decimalInput(".5")).toBe(".5");
  });

  it("converts pounds to pence exactly", () => {
    expect(poundsToPence("4.5")).toBe(450);
    expect(poundsToPence(2.55)).toBe(255);
    expect(poundsToPence("0.01")).toBe(1);
    expect(poundsToPence("2.555")).toBeNull();
    expect(poundsToPence("-1")).toBeNull();
  });

  it("formats the discount", () => {
    expect(formatVoucherDiscount("percentage", 20)).toBe("20% off");
    expect(formatVoucherDiscount("fixed", 2.5)).toBe("£2.50 off");
  });

  it("the create schema upper-cases the code, turns an empty minimum spend into null and dedupes customers", () => {
    const parsed = createVoucherSchema.parse({
      title: " Treat ",
      promoCode: " summer-20 ",
      discountType: "percentage",
      discountValue: "15",
      minSpend: "",
      expiresAt: "2030-01-01",
      customerIds: [3, 3, "4"],
      sendEmail: true,
    });
    expect(parsed).toMatchObject({ title: "Treat", promoCode: "SUMMER-20", discountValue: 15, minSpend: null, customerIds: [3, 4], sendSms: false, description: null });
  });

  it("the edit schema reads an ISO expiry as its UK day", () => {
    const parsed = updateVoucherSchema.parse({ title: "x", discountType: "fixed", discountValue: 1, expiresAt: "2030-07-15T23:30:00.000Z" });
    expect(parsed.expiresAt).toBe("2030-07-16");
  });
});
