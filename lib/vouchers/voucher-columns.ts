import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { endOfUkDay } from "@/lib/rules/vouchers";
import type { CreateVoucher, UpdateVoucher } from "@/lib/validation/vouchers";

// The one mapping from a voucher as the owner writes it to its columns: a send now's rows and a send
// job's row (lib/vouchers/create-vouchers.ts, create-voucher-send-job.ts) and an edit
// (update-voucher.ts). The expiry is 23:59:59 UK time of the chosen day; a cap on the discount
// belongs to percentage vouchers only.

type VoucherTerms = Pick<UpdateVoucher, "title" | "description" | "discountType" | "discountValue" | "minSpend" | "expiresAt">;
type VoucherAsWritten = VoucherTerms & Pick<CreateVoucher, "promoCode" | "maxDiscount">;

/** The columns an edit may change. An edit keeps the cap it had (the edit form has no cap field). */
export function voucherTermColumns(input: VoucherTerms, maxDiscountPence: number | null) {
  return {
    title: input.title,
    description: input.description,
    discountType: input.discountType,
    discountValue: new Prisma.Decimal(input.discountValue.toFixed(2)),
    minSpendPence: input.minSpend,
    maxDiscountPence: input.discountType === "percentage" ? maxDiscountPence : null,
    expiresAt: endOfUkDay(input.expiresAt),
  };
}

/** Every column of a new voucher as written. */
export function voucherColumns(input: VoucherAsWritten) {
  return { promoCode: input.promoCode, ...voucherTermColumns(input, input.maxDiscount) };
}
