import "server-only";
import { db } from "@/lib/db";
import { getTierSettings } from "@/lib/tiers/get-tier-settings";
import { readTierMeasures } from "@/lib/tiers/read-tier-measure";
import { measureFor, tierAfterEarn } from "@/lib/rules/tiers";
import { setCustomerTier } from "@/lib/tiers/set-customer-tier";
import { notifyPassChange } from "@/lib/wallet/push/notify-pass-change";

const basisLabel = { lifetime_points: "lifetime points", spend_12_months: "£ spent in the last 12 months" } as const;

/** After points were earned: moves customers UP to the tier their measure reaches (never down; that
 *  is the yearly review's). Closed, parked, snoozed and asleep accounts are left as they are. Returns
 *  the ids that moved. customerIds null = every customer of the business (when tiers are switched on).
 *  `cause` (e.g. "bonus points") is added to the recorded reason when the move follows a credit other than a purchase. */
export async function evaluateTiersAfterEarn(businessId: number, customerIds: number[] | null, now = new Date(), cause?: string): Promise<number[]> {
  const settings = await getTierSettings(businessId);
  if (!settings.enabled) return [];
  const measures = await readTierMeasures(db, businessId, customerIds, now);
  if (measures.length === 0) return [];
  const current = await db.customer.findMany({
    where: { businessId, id: { in: measures.map((m) => m.id) }, parkedAt: null, accountStatus: "active", sleepStatus: { in: ["active", "awake"] } },
    select: { id: true, tierName: true },
  });
  const tierOf = new Map(current.map((c) => [c.id, c.tierName]));
  const moved: number[] = [];
  for (const m of measures) {
    if (!tierOf.has(m.id)) continue;
    const from = tierOf.get(m.id) ?? null;
    const measure = measureFor(settings.basis, m.lifetimePoints, m.spend12mPence);
    const to = tierAfterEarn(settings.tiers, from, measure);
    if (!to) continue;
    const reason = `Reached ${to.name}: ${measure} ${basisLabel[settings.basis]} (threshold ${to.threshold})${cause ? `, after ${cause}` : ""}`;
    const ok = await db.$transaction((tx) => setCustomerTier(tx, { businessId, customerId: m.id, from, to, direction: "up", reason, now }));
    if (ok) moved.push(m.id);
  }
  if (moved.length) notifyPassChange(moved);
  return moved;
}
