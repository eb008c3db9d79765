import "server-only";
import { db, type Tx } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";

/** A live transaction of this business; another business's, or a deleted one, is not found. */
export async function getTransactionOrThrow(businessId: number, id: number, tx: Tx = db) {
  const t = await tx.transaction.findFirst({ where: { id, businessId, deletedAt: null } });
  if (!t) throw notFound("Transaction not found");
  return t;
}
