import { isExpiryDayPast, ukDateOf, type DiscountType } from "@/lib/rules/vouchers";
import type { VoucherDto } from "@/lib/vouchers/voucher-dto";

// The Create Voucher form's starting values, apart from the dialog so the voucher hub can offer
// "reuse" without loading the dialog (and its validation schemas) with the page.

export type VoucherDraft = {
  title: string;
  description: string;
  promoCode: string;
  discountType: DiscountType;
  discountValue: string;
  minSpend: string;
  expiresAt: string; // yyyy-mm-dd
  sendEmail: boolean;
  sendSms: boolean;
};

export const EMPTY_DRAFT: VoucherDraft = {
  title: "",
  description: "",
  promoCode: "",
  discountType: "percentage",
  discountValue: "",
  minSpend: "",
  expiresAt: "",
  sendEmail: true,
  sendSms: false,
};

/** Reuse: the voucher's fields; its expiry only if that day is not over yet. */
export function draftFromVoucher(v: VoucherDto, now: Date = new Date()): VoucherDraft {
  const day = v.expiresAt ? ukDateOf(new Date(v.expiresAt)) : "";
  return {
    ...EMPTY_DRAFT,
    title: v.title,
    description: v.description ?? "",
    promoCode: v.promoCode,
    discountType: v.discountType,
    discountValue: String(v.discountValue),
    minSpend: v.minSpend ?? "",
    expiresAt: day && !isExpiryDayPast(day, now) ? day : "",
  };
}
