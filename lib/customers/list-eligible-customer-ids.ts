import "server-only";
import { db } from "@/lib/db";
import { LISTED } from "@/lib/customers/list-customers-json";
import { ACTIVE_ACCOUNT, matchAsTyped } from "@/lib/customers/search-customers";

// The voucher picker's "select all eligible" (spec 5.7, issue 23) as one query: the ids of the
// business's customers who match the search and may receive a voucher on the chosen channels,
// newest first. The same rules as voucherBlockReason and missingConsents in lib/rules/vouchers.ts
// (a test holds them equal): not closed, archived, parked, snoozed, asleep or scheduled for
// deletion, and consent for every chosen channel.

export type EligibleFilter = { q?: string; sendEmail: boolean; sendSms: boolean };

/** The condition on `customers c` ($1 = the business id; the search's pattern is pushed onto params).
 *  Also how a voucher send job (lib/vouchers/create-voucher-send-job.ts) resolves "all eligible". */
export function eligibleCustomersWhere(opts: EligibleFilter, params: unknown[]): string {
  const where = [LISTED, ACTIVE_ACCOUNT];
  if (opts.sendEmail) where.push(`c."marketingConsentEmail"`);
  if (opts.sendSms) where.push(`c."marketingConsentSms"`);
  const q = opts.q?.trim();
  if (q) where.push(matchAsTyped(q, params));
  return where.join(" AND ");
}

export async function listEligibleCustomerIds(businessId: number, opts: EligibleFilter): Promise<number[]> {
  const params: unknown[] = [businessId];
  const where = eligibleCustomersWhere(opts, params);
  const rows = await db.$queryRawUnsafe<{ ids: number[] | null }[]>(
    `SELECT array_agg(c.id ORDER BY c."createdAt" DESC, c.id DESC) AS ids FROM customers c WHERE ${where}`,
    ...params,
  );
  return rows[0]?.ids ?? [];
}
