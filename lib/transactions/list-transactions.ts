import "server-only";
import { Prisma, type Transaction } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { toTransactionDto } from "@/lib/transactions/transaction-dto";
import type { z } from "zod";
import type { listTransactionsQuery } from "@/lib/validation/transactions";
import { likePattern } from "@/lib/rules/like-pattern";

type Row = Transaction & { c_name: string; c_email: string; c_membershipNumber: string; c_totalPoints: number; r_id: number | null; r_name: string | null };

/** Live transactions, newest first, a page at a time (500 at most), optionally searched by customer
 *  name, customer email or description. Transactions of snoozed (paused) accounts are hidden from
 *  the list (spec 1 section 4). One statement (the page with each row's customer and gift
 *  recipient) read through the (businessId, id) order, rather than the ORM's query per relation. */
export async function listTransactions(businessId: number, query: z.output<typeof listTransactionsQuery>) {
  const where = [Prisma.sql`t."businessId" = ${businessId}`, Prisma.sql`t."deletedAt" IS NULL`];
  if (query.before) where.push(Prisma.sql`t.id < ${query.before}`);
  if (query.customerId) where.push(Prisma.sql`t."customerId" = ${query.customerId}`);
  else where.push(Prisma.sql`c."accountStatus" NOT IN ('paused', 'snoozed')`);
  if (query.q) {
    const p = likePattern(query.q);
    where.push(Prisma.sql`(t.description ILIKE ${p} OR c.name ILIKE ${p} OR c.email ILIKE ${p})`);
  }
  const rows = await db.$queryRaw<Row[]>`
    SELECT t.*, c.name AS c_name, c.email AS c_email, c."membershipNumber" AS "c_membershipNumber", c."totalPoints" AS "c_totalPoints",
      r.id AS r_id, r.name AS r_name
    FROM transactions t
    JOIN customers c ON c.id = t."customerId"
    LEFT JOIN customers r ON r.id = t."recipientCustomerId"
    WHERE ${Prisma.join(where, " AND ")}
    ORDER BY t.id DESC
    LIMIT ${query.limit}`;
  return rows.map(({ c_name, c_email, c_membershipNumber, c_totalPoints, r_id, r_name, ...t }) =>
    toTransactionDto({
      ...t,
      createdAt: new Date(t.createdAt),
      updatedAt: new Date(t.updatedAt),
      customer: { id: t.customerId, name: c_name, email: c_email, membershipNumber: c_membershipNumber, totalPoints: c_totalPoints },
      recipient: r_id === null ? null : { id: r_id, name: r_name ?? "" },
    }),
  );
}
