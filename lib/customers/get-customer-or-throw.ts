import "server-only";
import { db, type Tx } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";

/** A customer of this business; another business's customer is "not found", like a missing one. */
export async function getCustomerOrThrow(businessId: number, id: number, tx: Tx = db) {
  const customer = await tx.customer.findFirst({ where: { id, businessId, accountStatus: { not: "archived" } }, include: { card: true } });
  if (!customer) throw notFound("Customer not found");
  return customer;
}

/** Every one of these ids is a customer of this business (any status); else "not found", as for one
 *  customer: a request naming another business's customer learns nothing, not even an empty answer. */
export async function assertCustomersOfBusiness(businessId: number, ids: readonly number[], tx: Tx = db) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const [row] = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM customers WHERE "businessId" = ${businessId} AND id = ANY(${wanted}::int[])`;
  if (Number(row?.n ?? 0) !== wanted.length) throw notFound("Customer not found");
}
