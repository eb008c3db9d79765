import "server-only";
import { db } from "@/lib/db";
import { SYSTEM_ACTOR } from "@/lib/activity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { applyPoints } from "@/lib/ledger/apply-points";
import { getReferralSettings } from "@/lib/referrals/get-referral-settings";

/** At a referred friend's first purchase: both earn the configured bonus through the ledger, once
 *  (the referral row moves pending -> rewarded in the same transaction). A side the ledger refuses
 *  (closed, parked, snoozed or asleep) gets nothing, and the row says so. Returns the customer ids
 *  whose balance moved, or [] when there was no pending referral. */
export async function rewardReferral(businessId: number, friendId: number, now = new Date()): Promise<number[]> {
  const settings = await getReferralSettings(businessId);
  if (!settings.enabled) return [];
  return db.$transaction(async (tx) => {
    const [r] = await tx.$queryRaw<{ id: number; referrerId: number; friendName: string }[]>`
      UPDATE customer_referrals SET status = 'rewarded', "rewardedAt" = ${now}
      WHERE "friendId" = ${friendId} AND "businessId" = ${businessId} AND status = 'pending'
      RETURNING id, "referrerId", "friendName"`;
    if (!r) return [];
    const referrer = await tx.customer.findFirst({ where: { id: r.referrerId, businessId }, select: { name: true } });
    const moved: number[] = [];
    const skipped: string[] = [];
    const give = async (customerId: number, reason: string, who: string) => {
      try {
        await applyPoints(tx, { businessId, customerId, points: settings.bonusPoints, kind: "bonus", reason, actor: SYSTEM_ACTOR, now });
        moved.push(customerId);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        skipped.push(`${who}: ${e.message}`);
      }
    };
    if (settings.bonusPoints > 0) {
      await give(friendId, `Referral bonus: joined with ${referrer?.name ?? "a friend"}'s code`, "friend");
      await give(r.referrerId, `Referral bonus: referred ${r.friendName}`, "referrer");
    }
    if (skipped.length) await tx.customerReferral.update({ where: { id: r.id }, data: { note: `No bonus for ${skipped.join("; ")}` } });
    return moved;
  });
}
