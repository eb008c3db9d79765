import type { VoucherDto } from "@/lib/vouchers/voucher-dto";

/** A complete VoucherDto for component tests (the shape GET /api/promos answers): an active 10%
 *  voucher for customer `id`; each test overrides only what it is about. */
export function voucherDto(id: number, overrides: Partial<VoucherDto> = {}): VoucherDto {
  return {
    id,
    customerId: id,
    customer: { id, name: `Customer ${id}`, email: `c${id}@example.test` },
    batchId: `batch-${id}`,
    promoCode: `CODE${id}`,
    title: `Voucher ${id}`,
    description: null,
    discountType: "percentage",
    discountValue: 10,
    discountPercent: 10,
    discountAmount: null,
    minSpend: null,
    maxDiscount: null,
    expiresAt: "2099-11-22T23:59:59.000Z",
    isActive: true,
    status: "active",
    sentByEmail: true,
    sentBySms: false,
    redeemedAt: null,
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}
