import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/activity/actor";
import { logActivity } from "@/lib/activity/log-activity";
import { evaluateTiersAfterEarn } from "@/lib/tiers/evaluate-customer-tier";
import { getTierSettings } from "@/lib/tiers/get-tier-settings";
import { sortTiers } from "@/lib/rules/tiers";
import type { TierSettingsInput } from "@/lib/validation/tiers";

/** PUT /api/tiers. Saves the programme and brings the customers' multipliers in line: switched off,
 *  every multiplier is 1 (tiers stay recorded but neither show nor count); a tier the owner removed
 *  or renamed is taken away (recorded); then everyone is moved up to the tier they have reached. */
export async function updateTierSettings(businessId: number, input: TierSettingsInput, actor: Actor, now = new Date()) {
  const tiers = sortTiers(input.tiers);
  const names = tiers.map((t) => t.name);
  await db.$transaction(async (tx) => {
    await tx.tierSettings.upsert({
      where: { businessId },
      create: { businessId, enabled: input.enabled, basis: input.basis, tiers: tiers as unknown as Prisma.InputJsonValue },
      update: { enabled: input.enabled, basis: input.basis, tiers: tiers as unknown as Prisma.InputJsonValue },
    });
    const gone = await tx.customer.findMany({ where: { businessId, tierName: { not: null, notIn: names } }, select: { id: true, tierName: true } });
    if (gone.length) {
      await tx.customer.updateMany({ where: { businessId, id: { in: gone.map((g) => g.id) } }, data: { tierName: null, earnMultiplier: 1, tierReviewAt: null } });
      await tx.tierChange.createMany({
        data: gone.map((g) => ({ businessId, customerId: g.id, fromTier: g.tierName, toTier: null, direction: "down", reason: `Tier ${g.tierName} removed by the business`, createdAt: now })),
      });
    }
    for (const t of tiers) {
      await tx.customer.updateMany({ where: { businessId, tierName: t.name }, data: { earnMultiplier: input.enabled ? t.multiplier : 1 } });
    }
    await logActivity({ businessId, actor, action: "tier_settings_updated", description: `Tiers ${input.enabled ? "on" : "off"}: ${tiers.map((t) => `${t.name} from ${t.threshold} (x${t.multiplier})`).join(", ")}`, tableName: "tier_settings", recordId: businessId, newValues: { enabled: input.enabled, basis: input.basis, tiers } }, tx);
  });
  if (input.enabled) await evaluateTiersAfterEarn(businessId, null, now);
  return { message: "Tier settings saved", settings: await getTierSettings(businessId) };
}
