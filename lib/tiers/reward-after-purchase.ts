import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { evaluateTiersAfterEarn } from "@/lib/tiers/evaluate-customer-tier";
import { rewardReferral } from "@/lib/referrals/reward-referral";
import { notifyPassChange } from "@/lib/wallet/push/notify-pass-change";

/** What happened after points were credited: whether tiers are on, who got a referral bonus, who moved up. */
export type AfterCredit = { tiersOn: boolean; rewarded: number[]; moved: number[] };
const NOTHING: AfterCredit = { tiersOn: false, rewarded: [], moved: [] };

/** Whether anything can follow a credit: tiers are on for the business, a referral is pending for
 *  this customer (as its friend). Columns "tiers" and "referral" of a SELECT list: the till's hot
 *  path reads them with the customer (lib/transactions/record-transaction.ts), in the same round trip. */
export type FollowUpFlags = { tiers: boolean; referral: boolean };
export const followUpFlagsSql = (businessId: number, customerId: number) => Prisma.sql`
  COALESCE((SELECT enabled FROM tier_settings WHERE "businessId" = ${businessId}), false) AS tiers,
  EXISTS (SELECT 1 FROM customer_referrals WHERE "friendId" = ${customerId} AND "businessId" = ${businessId} AND status = 'pending') AS referral`;

/** Called by lib/transactions/record-transaction.ts after a purchase committed (issue 26): one small
 *  query tells whether tiers are on or a referral is pending for this customer (none when the caller
 *  read `followUpFlagsSql` already); only then is there more work: the referral bonus for both, then
 *  a move up a tier (friend and referrer). Never throws: the purchase is recorded whatever happens
 *  here (logged). */
export async function rewardAfterPurchase(businessId: number, customerId: number, now: Date, known?: FollowUpFlags): Promise<AfterCredit> {
  try {
    if (known && !known.tiers && !known.referral) return NOTHING;
    const flags = known ?? (await db.$queryRaw<FollowUpFlags[]>`SELECT ${followUpFlagsSql(businessId, customerId)}`)[0];
    let rewarded: number[] = [];
    if (flags?.referral) {
      rewarded = await rewardReferral(businessId, customerId, now);
      if (rewarded.length) notifyPassChange(rewarded);
    }
    if (!flags?.tiers) return { ...NOTHING, rewarded };
    return { tiersOn: true, rewarded, moved: await evaluateTiersAfterEarn(businessId, [...new Set([customerId, ...rewarded])], now) };
  } catch (e) {
    log.error({ err: e, businessId, customerId }, "tier/referral rewards after purchase failed");
    return NOTHING;
  }
}

/** The same move-up check after any OTHER ledger credit that counts towards the tier measure (a
 *  bonus, goodwill, a positive adjustment or correction, a reversal giving points back, a birthday
 *  reward): called by each of those paths once their transaction committed, so a customer moves up
 *  at once rather than at their next purchase. `cause` goes into the recorded reason ("Reached
 *  Silver: ... , after bonus points"). One query when tiers are off (none when the caller says
 *  whether they are on, `tiersOn`, read in its own round trip). Never throws. */
export async function checkTiersAfterCredit(businessId: number, customerIds: (number | null | undefined)[], cause: string, now: Date, tiersOn?: boolean): Promise<AfterCredit> {
  const ids = [...new Set(customerIds.filter((id): id is number => typeof id === "number"))];
  if (ids.length === 0 || tiersOn === false) return NOTHING;
  try {
    const on = tiersOn ? { enabled: true } : await db.tierSettings.findUnique({ where: { businessId }, select: { enabled: true } });
    if (!on?.enabled) return NOTHING;
    return { tiersOn: true, rewarded: [], moved: await evaluateTiersAfterEarn(businessId, ids, now, cause) };
  } catch (e) {
    log.error({ err: e, businessId, customerIds: ids }, "tier check after a points credit failed");
    return NOTHING;
  }
}
