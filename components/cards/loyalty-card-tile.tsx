import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { customerStatus } from "@/lib/rules/customer-status";
import { CardTypeBadge } from "@/components/cards/card-type-badge";
import { AvailabilityBadges } from "@/components/cards/availability-badges";
import { formatCompact, formatDate } from "@/lib/rules/format";
import type { LoyaltyCardDto } from "@/lib/cards/loyalty-card-dto";
import { TierBadge } from "@/components/tiers/tier-badge"; // issue 26
import { formatMembershipNumber } from "@/lib/rules/membership-number";

export const lastUsedText = (lastUsedAt: string | null) => (lastUsedAt ? formatDate(lastUsedAt) : "Never used");

/** One card in the hub's grid (also drawn by the server's first screen, without onViewPasses: its
 *  button's press is replayed on the live hub's, components/ui/takeover.tsx). */
export function LoyaltyCardTile({ card, onViewPasses }: { card: LoyaltyCardDto; onViewPasses?: (card: LoyaltyCardDto) => void }) {
  // Issue 20: a closed (or snoozed, sleeping) customer's card said nothing about it.
  const status = customerStatus({ accountStatus: card.customerAccountStatus ?? "active", sleepStatus: card.customerSleepStatus ?? "active" });
  return (
    <article className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm" aria-label={`Loyalty card of ${card.customerName}`}>
      <div className="flex items-center justify-between gap-2">
        <CardTypeBadge passkitStatus={card.passkitStatus} />
        <span className="font-mono text-xs text-muted-foreground" aria-label="Membership number">
          {formatMembershipNumber(card.membershipNumber)}
        </span>
      </div>
      <div className="min-w-0">
        <div className="flex min-w-0 items-center justify-between gap-2">
          <p className="truncate font-semibold">{card.customerName}</p>
          <TierBadge tier={card.tierName} />
          {status.label !== "active" && <Badge variant={status.tone}>{status.label}</Badge>}
        </div>
        <p className="truncate text-sm text-muted-foreground">{card.customerEmail}</p>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Points balance</dt>
          <dd className="font-medium">{formatCompact(card.pointsBalance)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Last used</dt>
          <dd className="font-medium">{lastUsedText(card.lastUsedAt)}</dd>
        </div>
      </dl>
      <AvailabilityBadges applePassUrl={card.applePassUrl} googlePassUrl={card.googlePassUrl} />
      <Button variant="outline" size="sm" className="mt-auto w-full" onClick={onViewPasses && (() => onViewPasses(card))} data-takeover-key={`view passes ${card.id}`}>
        view passes
      </Button>
    </article>
  );
}
