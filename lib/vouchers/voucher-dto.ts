import type { Voucher } from "@/generated/prisma/client";
import { effectiveVoucherStatus } from "@/lib/rules/vouchers";

// A voucher as every voucher endpoint returns it (spec 2 section 3 "Customer promo"). Money is
// pence in the database and a pounds string here; discountValue is a number (percent or pounds).
// status is computed: an active voucher past its expiry reads 'expired' before the job runs.

export type VoucherDto = {
  id: number;
  customerId: number;
  customer: { id: number; name: string; email: string };
  batchId: string;
  promoCode: string;
  title: string;
  description: string | null;
  discountType: "percentage" | "fixed";
  discountValue: number;
  /** Legacy display fields: the percent for percentage vouchers, the pounds ("2.50") for fixed ones. */
  discountPercent: number | null;
  discountAmount: string | null;
  minSpend: string | null;
  maxDiscount: string | null;
  expiresAt: string | null;
  isActive: boolean;
  status: string;
  sentByEmail: boolean;
  sentBySms: boolean;
  redeemedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

const pounds = (pence: number | null) => (pence === null ? null : (pence / 100).toFixed(2));

export type VoucherWithCustomer = Voucher & { customer: { id: number; name: string; email: string } };

export function toVoucherDto(v: VoucherWithCustomer, now: Date = new Date()): VoucherDto {
  const status = effectiveVoucherStatus(v, now);
  const value = Number(v.discountValue);
  const type = v.discountType === "fixed" ? "fixed" : "percentage";
  return {
    id: v.id,
    customerId: v.customerId,
    customer: { id: v.customer.id, name: v.customer.name, email: v.customer.email },
    batchId: v.batchId,
    promoCode: v.promoCode,
    title: v.title,
    description: v.description,
    discountType: type,
    discountValue: value,
    discountPercent: type === "percentage" ? value : null,
    discountAmount: type === "fixed" ? value.toFixed(2) : null,
    minSpend: pounds(v.minSpendPence),
    maxDiscount: pounds(v.maxDiscountPence),
    expiresAt: v.expiresAt ? v.expiresAt.toISOString() : null,
    isActive: status === "active",
    status,
    sentByEmail: v.sentByEmail,
    sentBySms: v.sentBySms,
    redeemedAt: v.redeemedAt ? v.redeemedAt.toISOString() : null,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

export const voucherCustomerSelect = { select: { id: true, name: true, email: true } } as const;
