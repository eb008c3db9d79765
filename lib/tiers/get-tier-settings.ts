import "server-only";
import { db, type Tx } from "@/lib/db";
import { DEFAULT_TIERS, sortTiers, type Tier, type TierBasis } from "@/lib/rules/tiers";

export type TierSettingsView = { enabled: boolean; basis: TierBasis; tiers: Tier[] };

/** The business's tier programme; the Bronze/Silver/Gold default (switched off) until the owner saves one. */
export async function getTierSettings(businessId: number, client: Tx | typeof db = db): Promise<TierSettingsView> {
  const row = await client.tierSettings.findUnique({ where: { businessId } });
  if (!row) return { enabled: false, basis: "lifetime_points", tiers: [...DEFAULT_TIERS] };
  return { enabled: row.enabled, basis: row.basis as TierBasis, tiers: sortTiers(row.tiers as Tier[]) };
}
