import "server-only";
import { db, type Tx } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";

/** A customer of this business; another business's customer is "not found", like a missing one. */
export async function getCustomerOrThrow(businessId: number, id: number, tx: Tx = db) {
  const customer = await tx.customer.findFirst({ where: { id, businessId, accountStatus: { not: "archived" } }, include: { card: true } });
  if (!customer) throw notFound("Customer not found");
  return customer;
}
