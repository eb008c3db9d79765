import "server-only";
import type { Tx } from "@/lib/db";
import { SYSTEM_ACTOR, type Actor } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";
import { forfeitBalances } from "@/lib/ledger/forfeit-points";

/** Archives customers: forfeits their balances through the ledger (a deleted account never changes
 *  again), removes their personal data (name, contact details, date of birth,
 *  consents) and their card, keeps the anonymous transactions and ledger that the business's
 *  figures and audit need, and logs one row per business. Callers select and lock the rows. */
export async function archiveCustomers(tx: Tx, rows: { id: number; businessId: number }[], now: Date, reason: string, opts: { actor?: Actor; log?: boolean } = {}): Promise<number> {
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id);
  await forfeitBalances(tx, ids, `customer deleted (${reason})`, opts.actor ?? SYSTEM_ACTOR, now);
  await tx.loyaltyCard.deleteMany({ where: { customerId: { in: ids } } });
  await tx.$executeRaw`
    UPDATE customers SET
      name = 'Archived customer', "firstName" = 'Archived', "lastName" = 'customer',
      email = 'archived-' || id || '@archived.invalid', phone = 'archived-' || id,
      "dateOfBirth" = NULL, address = NULL, postcode = NULL,
      "marketingConsentEmail" = false, "marketingConsentSms" = false, "marketingConsentPhone" = false,
      "confirmationTokenHash" = NULL, "accountStatus" = 'archived', "updatedAt" = ${now}
    WHERE id = ANY(${ids}::int[])`;
  if (opts.log === false) return rows.length; // the caller writes its own activity row
  const perBusiness = new Map<number, number>();
  for (const r of rows) perBusiness.set(r.businessId, (perBusiness.get(r.businessId) ?? 0) + 1);
  for (const [businessId, count] of perBusiness) {
    await logActivity(
      { businessId, actor: SYSTEM_ACTOR, action: "customers_archived", description: `Archived ${count} customer${count === 1 ? "" : "s"} (${reason}); personal data removed`, tableName: "customers", newValues: { count, reason } },
      tx,
    );
  }
  return rows.length;
}
