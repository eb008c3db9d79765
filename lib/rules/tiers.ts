// Pure VIP-tier rules (issue 26): which tier a measure reaches, and how tiers compare. The measure is
// lifetime points, or whole pounds spent over the rolling 12 months, per the business's basis.

export type Tier = { name: string; threshold: number; multiplier: number };
export type TierBasis = "lifetime_points" | "spend_12_months";
export const TIER_BASES: readonly TierBasis[] = ["lifetime_points", "spend_12_months"];

/** Off until switched on; this is what the owner starts from. */
export const DEFAULT_TIERS: readonly Tier[] = [
  { name: "Bronze", threshold: 0, multiplier: 1 },
  { name: "Silver", threshold: 500, multiplier: 1.25 },
  { name: "Gold", threshold: 1500, multiplier: 1.5 },
];

/** Tiers sorted by threshold, lowest first. */
export const sortTiers = (tiers: readonly Tier[]): Tier[] => [...tiers].sort((a, b) => a.threshold - b.threshold);

/** The highest tier whose threshold the measure reaches, or null below the lowest threshold. */
export function tierFor(tiers: readonly Tier[], measure: number): Tier | null {
  let reached: Tier | null = null;
  for (const t of sortTiers(tiers)) if (measure >= t.threshold) reached = t;
  return reached;
}

/** Position of a tier by name (0 = lowest); -1 for no tier or a name no longer configured. */
export function tierRank(tiers: readonly Tier[], name: string | null | undefined): number {
  if (!name) return -1;
  return sortTiers(tiers).findIndex((t) => t.name === name);
}

/** The measure a basis reads: lifetime points as they are, spend in pence as whole pounds. */
export const measureFor = (basis: TierBasis, lifetimePoints: number, spend12mPence: number): number =>
  basis === "lifetime_points" ? lifetimePoints : Math.floor(spend12mPence / 100);

/** After a purchase (or any earn) a customer only moves up; the yearly review may move them down. */
export function tierAfterEarn(tiers: readonly Tier[], current: string | null, measure: number): Tier | null {
  const reached = tierFor(tiers, measure);
  if (!reached) return null;
  return tierRank(tiers, reached.name) > tierRank(tiers, current) ? reached : null;
}

/** One year after a tier was set (or last reviewed), it is reviewed again. */
export function nextReviewAt(from: Date): Date {
  const d = new Date(from);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
}
