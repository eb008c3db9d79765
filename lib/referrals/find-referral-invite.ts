import "server-only";
import { db } from "@/lib/db";
import { normaliseCode } from "@/lib/rules/referrals";

/** The public referral link's page (/r/CODE): the business and the referrer's first name, only while
 *  refer-a-friend is on and the referrer's account is active. Nothing else about the customer. */
export async function findReferralInvite(rawCode: string): Promise<{ code: string; businessName: string; referrerFirstName: string; bonusPoints: number } | null> {
  const code = normaliseCode(rawCode).slice(0, 20);
  if (!code) return null;
  const c = await db.customer.findUnique({
    where: { referralCode: code },
    select: { firstName: true, accountStatus: true, parkedAt: true, business: { select: { name: true, referralSettings: { select: { enabled: true, bonusPoints: true } } } } },
  });
  if (!c || c.accountStatus !== "active" || c.parkedAt || !c.business.referralSettings?.enabled) return null;
  return { code, businessName: c.business.name, referrerFirstName: c.firstName, bonusPoints: c.business.referralSettings.bonusPoints };
}
