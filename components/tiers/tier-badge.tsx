import { InlineIcon } from "@/components/ui/inline-icon";
import { Badge } from "@/components/ui/badge";

/** A customer's VIP tier (issue 26); nothing when tiers are off or the customer has none. */
export function TierBadge({ tier }: { tier: string | null | undefined }) {
  if (!tier) return null;
  return (
    <Badge variant="outline" aria-label={`Tier: ${tier}`}>
      <InlineIcon name="crown" className="size-3" />
      {tier}
    </Badge>
  );
}
