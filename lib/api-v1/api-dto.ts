import "server-only";
import type { Customer, Voucher } from "@/generated/prisma/client";
import { poundsString } from "@/lib/rules/money";
import type { recordTransaction } from "@/lib/transactions/record-transaction";
import type { z } from "zod";
import type { apiCustomer, apiVoucher, transactionResponse } from "@/lib/api-v1/schemas";

// What /api/v1 answers: a till's view, smaller than the owner's (no email, phone or birthday).

export function toApiCustomer(c: Customer): z.infer<typeof apiCustomer> {
  return {
    id: c.id,
    name: c.name,
    membershipNumber: c.membershipNumber,
    totalPoints: c.totalPoints,
    lifetimeSpent: poundsString(c.lifetimeSpentPence),
    accountStatus: c.accountStatus,
    sleepStatus: c.sleepStatus,
    minimumRedemption: c.minimumRedemption,
    redemptionValue: String(c.redemptionValue),
    pointsPerPound: Number(c.pointsPerPound),
  };
}

export function toApiVoucher(v: Voucher): z.infer<typeof apiVoucher> {
  return {
    id: v.id,
    customerId: v.customerId,
    promoCode: v.promoCode,
    title: v.title,
    description: v.description,
    discountType: v.discountType as "percentage" | "fixed",
    discountValue: Number(v.discountValue),
    minSpend: v.minSpendPence === null ? null : poundsString(v.minSpendPence),
    maxDiscount: v.maxDiscountPence === null ? null : poundsString(v.maxDiscountPence),
    expiresAt: v.expiresAt?.toISOString() ?? null,
  };
}

export function toApiTransactionResult(r: Awaited<ReturnType<typeof recordTransaction>>): z.infer<typeof transactionResponse> {
  const t = r.transaction;
  return {
    transaction: {
      id: t.id,
      type: t.type,
      customerId: t.customerId,
      amount: t.amount,
      pointsEarned: t.pointsEarned,
      pointsRedeemed: t.pointsRedeemed,
      promoCode: t.promoCode,
      discount: t.promoCode ? t.discountAmount : null,
      createdAt: t.createdAt,
    },
    customer: { id: r.customer.id, totalPoints: r.customer.totalPoints, lifetimeSpent: r.customer.lifetimeSpent, accountStatus: r.customer.accountStatus, sleepStatus: r.customer.sleepStatus },
    balance: r.balance,
    message: r.message,
  };
}
