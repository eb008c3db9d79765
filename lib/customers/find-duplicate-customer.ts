import "server-only";
import { db, type Tx } from "@/lib/db";
import { conflict } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activity/actor";
import { archiveCustomers } from "@/lib/customers/archive-customers";

// A business cannot have two customers with the same email or phone. A deleted customer's were
// erased (archiveCustomers), so they never clash. A CLOSED account's do not block a re-add either
// (docs/decisions.md, issue 17): the person is back, so creating their new account deletes the
// closed one at once (freeClosedDuplicates, in the creating transaction) instead of making them
// wait out its 28 read-only days.

/** 409 with which one, if an open account of this business has the email or phone. */
export async function assertNoDuplicateCustomer(businessId: number, email: string, phone: string, exceptId?: number, tx: Tx = db) {
  const clash = await tx.customer.findFirst({
    where: { businessId, accountStatus: { notIn: ["closed", "archived"] }, OR: [{ email }, { phone }], ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { email: true },
  });
  if (clash) throw conflict(clash.email === email ? "A customer with this email already exists" : "A customer with this phone number already exists");
}

/** Deletes (archives) this business's closed accounts holding the email or phone a new customer is
 *  about to take. Call inside the transaction that creates the customer. */
export async function freeClosedDuplicates(tx: Tx, businessId: number, email: string, phone: string, now: Date, actor?: Actor): Promise<number> {
  const rows = await tx.$queryRaw<{ id: number; businessId: number }[]>`
    SELECT id, "businessId" FROM customers
    WHERE "businessId" = ${businessId} AND "accountStatus" = 'closed' AND (email = ${email} OR phone = ${phone})
    FOR UPDATE`;
  return archiveCustomers(tx, rows, now, "closed account re-added", { actor });
}

/** Maps a unique violation on customers to the same message. */
export function duplicateCustomerMessage(error: unknown): string | null {
  const e = error as { code?: string; meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } } };
  if (e?.code !== "P2002") return null;
  const fields = JSON.stringify(e.meta ?? {});
  if (fields.includes("phone")) return "A customer with this phone number already exists";
  if (fields.includes("email")) return "A customer with this email already exists";
  return null;
}
