import "server-only";
import { db } from "@/lib/db";
import { getReferralCode } from "@/lib/referrals/get-referral-code";

export type TierAndReferral = { tier: { name: string; multiplier: number } | null; referral: { code: string; link: string } | null };

/** What the card hub, the customer portal and the wallet pass show of issue 26: the customer's tier
 *  (only while the business has tiers switched on) and their referral code and link (only while
 *  refer-a-friend is on and the account is active, not parked). */
export async function getTierAndReferral(businessId: number, customerId: number): Promise<TierAndReferral> {
  const [c, tiers, referrals] = await Promise.all([
    db.customer.findFirst({ where: { id: customerId, businessId }, select: { tierName: true, earnMultiplier: true, accountStatus: true, parkedAt: true } }),
    db.tierSettings.findUnique({ where: { businessId }, select: { enabled: true } }),
    db.customerReferralSettings.findUnique({ where: { businessId }, select: { enabled: true } }),
  ]);
  if (!c) return { tier: null, referral: null };
  const tier = tiers?.enabled && c.tierName ? { name: c.tierName, multiplier: Number(c.earnMultiplier) } : null;
  const referral = referrals?.enabled && c.accountStatus === "active" && !c.parkedAt ? await getReferralCode(businessId, customerId) : null;
  return { tier, referral };
}
