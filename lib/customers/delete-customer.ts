import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";
import { archiveCustomers } from "@/lib/customers/archive-customers";
import { notifyPassChange } from "@/lib/wallet/push/notify-pass-change";

/** DELETE /api/customers/{id}: the owner deletes a customer now (spec 1 section 4's own remedy for
 *  an asleep customer: "delete and re-add the customer"). The same erasure as the timed deletions
 *  (archiveCustomers): the balance is forfeited through the ledger, the personal data and the card
 *  are removed, and the transactions and ledger stay as an anonymous record for the business's
 *  accounts. The email and phone are free for a re-add at once; the export, the lists and the
 *  portal no longer know the person. Works in any state but already deleted (closed accounts
 *  included: deleting ends their 28 read-only days early). docs/decisions.md: UK GDPR erasure. */
export async function deleteCustomer(businessId: number, id: number, actor: Actor, now: Date) {
  const deleted = await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ id: number; businessId: number; membershipNumber: string; accountStatus: string }[]>`
      SELECT id, "businessId", "membershipNumber", "accountStatus" FROM customers
      WHERE id = ${id} AND "businessId" = ${businessId} AND "accountStatus" <> 'archived' FOR UPDATE`;
    if (!row) throw notFound("Customer not found");
    await archiveCustomers(tx, [row], now, "deleted by the business", { actor, log: false });
    // The log names the membership number only: the name is part of what was erased.
    await logActivity(
      {
        businessId,
        actor,
        action: "customer_deleted",
        description: `Deleted customer ${row.membershipNumber}; personal data removed, transactions kept anonymised`,
        tableName: "customers",
        recordId: id,
        oldValues: { accountStatus: row.accountStatus },
        newValues: { accountStatus: "archived" },
      },
      tx,
    );
    return row;
  });
  notifyPassChange([id]); // the pass is void
  return { message: "Customer deleted", id: deleted.id };
}
