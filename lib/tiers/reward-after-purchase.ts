import "server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { evaluateTiersAfterEarn } from "@/lib/tiers/evaluate-customer-tier";
import { rewardReferral } from "@/lib/referrals/reward-referral";
import { notifyPassChange } from "@/lib/wallet/push/notify-pass-change";

/** Called by lib/transactions/record-transaction.ts after a purchase committed (issue 26): one small
 *  query tells whether tiers are on or a referral is pending for this customer; only then is there
 *  more work: the referral bonus for both, then a move up a tier (friend and referrer). Never throws:
 *  the purchase is recorded whatever happens here (logged). */
export async function rewardAfterPurchase(businessId: number, customerId: number, now: Date): Promise<void> {
  try {
    const [flags] = await db.$queryRaw<{ tiers: boolean; referral: boolean }[]>`
      SELECT COALESCE((SELECT enabled FROM tier_settings WHERE "businessId" = ${businessId}), false) AS tiers,
             EXISTS (SELECT 1 FROM customer_referrals WHERE "friendId" = ${customerId} AND "businessId" = ${businessId} AND status = 'pending') AS referral`;
    let moved = [customerId];
    if (flags?.referral) {
      const bonus = await rewardReferral(businessId, customerId, now);
      if (bonus.length) notifyPassChange(bonus);
      moved = [...new Set([customerId, ...bonus])];
    }
    if (flags?.tiers) await evaluateTiersAfterEarn(businessId, moved, now);
  } catch (e) {
    log.error({ err: e, businessId, customerId }, "tier/referral rewards after purchase failed");
  }
}
