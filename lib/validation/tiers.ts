import { z } from "zod";
import { MAX_DB_INT } from "@/lib/validation/common";
import { TIER_BASES } from "@/lib/rules/tiers";

// PUT /api/tiers (issue 26): the owner's tier programme. No server-only import: the form uses it too.

const tier = z.object({
  name: z.string({ error: "Each tier needs a name" }).trim().min(1, "Each tier needs a name").max(30, "Tier names can be at most 30 characters"),
  threshold: z.number({ error: "Each tier needs a threshold" }).int("Tier thresholds must be whole numbers").min(0, "Tier thresholds cannot be negative").max(MAX_DB_INT, "Tier threshold is too large"),
  multiplier: z.number({ error: "Each tier needs an earn multiplier" }).min(1, "Earn multipliers must be between 1 and 10").max(10, "Earn multipliers must be between 1 and 10")
    .refine((m) => Math.abs(m * 1000 - Math.round(m * 1000)) < 1e-6, "Earn multipliers can have at most 3 decimal places"),
});

export const tierSettingsSchema = z.object({
  enabled: z.boolean({ error: "enabled must be true or false" }),
  basis: z.enum(TIER_BASES as [string, ...string[]], { error: "basis must be lifetime_points or spend_12_months" }),
  tiers: z.array(tier, { error: "tiers must be a list" }).min(1, "Add at least one tier").max(10, "At most 10 tiers")
    .refine((ts) => new Set(ts.map((t) => t.name.toLowerCase())).size === ts.length, "Tier names must be different")
    .refine((ts) => new Set(ts.map((t) => t.threshold)).size === ts.length, "Tier thresholds must be different"),
});
export type TierSettingsInput = z.infer<typeof tierSettingsSchema>;
