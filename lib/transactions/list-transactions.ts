import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { toTransactionDto, transactionInclude } from "@/lib/transactions/transaction-dto";
import type { z } from "zod";
import type { listTransactionsQuery } from "@/lib/validation/transactions";

/** Live transactions, newest first, a page at a time (500 at most), optionally searched by customer
 *  name, customer email or description. Transactions of snoozed (paused) accounts are hidden from
 *  the list (spec 1 section 4). */
export async function listTransactions(businessId: number, query: z.output<typeof listTransactionsQuery>) {
  const where: Prisma.TransactionWhereInput = {
    businessId,
    deletedAt: null,
    ...(query.before ? { id: { lt: query.before } } : {}),
    ...(query.customerId ? { customerId: query.customerId } : { customer: { accountStatus: { notIn: ["paused", "snoozed"] } } }),
    ...(query.q
      ? {
          OR: [
            { description: { contains: query.q, mode: "insensitive" } },
            { customer: { name: { contains: query.q, mode: "insensitive" } } },
            { customer: { email: { contains: query.q, mode: "insensitive" } } },
          ],
        }
      : {}),
  };
  const rows = await db.transaction.findMany({ where, include: transactionInclude, orderBy: { id: "desc" }, take: query.limit });
  return rows.map(toTransactionDto);
}
