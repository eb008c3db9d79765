import "server-only";
import type { Tx } from "@/lib/db";
import type { Tier } from "@/lib/rules/tiers";
import { nextReviewAt } from "@/lib/rules/tiers";

/** Moves one customer to a tier (or none) and records the change with its reason, in the caller's
 *  transaction. Guarded on the tier read before, so two concurrent evaluations record one change.
 *  The pass's update tag moves by trigger (customers_wallet_pass_tier); the caller calls notifyPassChange. */
export async function setCustomerTier(
  tx: Tx,
  c: { businessId: number; customerId: number; from: string | null; to: Tier | null; direction: "up" | "down"; reason: string; now: Date },
): Promise<boolean> {
  const moved = await tx.customer.updateMany({
    where: { id: c.customerId, businessId: c.businessId, tierName: c.from },
    data: { tierName: c.to?.name ?? null, earnMultiplier: c.to?.multiplier ?? 1, tierReviewAt: c.to ? nextReviewAt(c.now) : null },
  });
  if (moved.count !== 1) return false;
  await tx.tierChange.create({
    data: { businessId: c.businessId, customerId: c.customerId, fromTier: c.from, toTier: c.to?.name ?? null, direction: c.direction, reason: c.reason, createdAt: c.now },
  });
  return true;
}
