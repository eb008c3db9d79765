import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { TierBadge } from "@/components/tiers/tier-badge";

// The customer portal's VIP tier and refer-a-friend block (issue 26): shown only when the business
// has them on (the portal view leaves tier/referral null otherwise).

export function PortalTierAndReferral({ tier, referral }: { tier?: { name: string; multiplier: number } | null; referral?: { code: string; link: string } | null }) {
  if (!tier && !referral) return null;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>your membership</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {tier && (
          <p className="flex flex-wrap items-center gap-2">
            Your tier: <TierBadge tier={tier.name} />
            {tier.multiplier > 1 && <span className="text-muted-foreground">you earn {tier.multiplier}x points on purchases</span>}
          </p>
        )}
        {referral && (
          <div className="grid gap-1">
            <p>
              Refer a friend with your code <span className="font-mono font-bold tracking-wider">{referral.code}</span>: when they join and make their first purchase, you both earn bonus points.
            </p>
            <p className="break-all text-muted-foreground">{referral.link}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
