import "server-only";
import { db, type Tx } from "@/lib/db";

export type ReferralSettingsView = { enabled: boolean; bonusPoints: number; monthlyCap: number };

/** Off until switched on: 50 points each, 5 friends per referrer per month. Inside a transaction,
 *  pass it (the embedded database has one session: a read beside the transaction would wait on it). */
export async function getReferralSettings(businessId: number, client: Tx | typeof db = db): Promise<ReferralSettingsView> {
  const row = await client.customerReferralSettings.findUnique({ where: { businessId } });
  return row ? { enabled: row.enabled, bonusPoints: row.bonusPoints, monthlyCap: row.monthlyCap } : { enabled: false, bonusPoints: 50, monthlyCap: 5 };
}

export async function updateReferralSettings(businessId: number, input: ReferralSettingsView) {
  await db.customerReferralSettings.upsert({ where: { businessId }, create: { businessId, ...input }, update: input });
  return { message: "Referral settings saved", settings: await getReferralSettings(businessId) };
}
