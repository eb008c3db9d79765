import type { Prisma } from "@/generated/prisma/client";
import { poundsString } from "@/lib/rules/money";

// The transaction as the API speaks it (docs/api/transactions.md).

export const transactionInclude = {
  customer: { select: { id: true, name: true, email: true, membershipNumber: true, totalPoints: true } },
  recipient: { select: { id: true, name: true } },
} satisfies Prisma.TransactionInclude;

type Row = Prisma.TransactionGetPayload<{ include: typeof transactionInclude }>;

export function toTransactionDto(t: Row) {
  return {
    id: t.id,
    customerId: t.customerId,
    type: t.type,
    amount: poundsString(t.amountPence),
    description: t.description,
    pointsEarned: t.pointsEarned,
    pointsRedeemed: t.pointsRedeemed,
    promoCode: t.promoCode,
    discountAmount: poundsString(t.discountPence),
    recipientCustomerId: t.recipientCustomerId,
    recipient: t.recipient,
    actorType: t.actorType,
    actorName: t.actorName,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    customer: t.customer,
  };
}
export type TransactionDto = ReturnType<typeof toTransactionDto>;
