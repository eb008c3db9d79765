import { StaticExplainer } from "@/components/ui/explainer-static";
import type { BusinessProfileDto } from "@/lib/business/business-dto";
import type { PointsAuditTrailDto } from "@/lib/rates/audit-trail-dto";
import { ExistingCustomerRatesCard } from "@/components/points/configuration-cards";
import { RateAuditLogEntries, RateAuditLogFrame } from "@/components/points/rate-audit-log";
import { POINTS_EXPLAINER_TITLES as TITLES, PointsConfiguration, PointsHubFrame } from "@/components/points/points-hub-parts";

// The points hub's first screen, rendered on the server with the business's points configuration
// and rate change log (issue 23): what the live hub (points-hub.tsx) draws with them, from the same
// parts, without its code. The customer counts, the VIP tier and refer-a-friend cards come with the
// live hub, as they did after hydration. PointsHubIsland swaps in the live hub.

export type PointsHubStart = { profile: BusinessProfileDto; trail: PointsAuditTrailDto };

export function PointsHubScreen({ profile, trail }: PointsHubStart) {
  return (
    <PointsHubFrame
      explainers={
        <>
          <StaticExplainer title={TITLES.learn} />
          <StaticExplainer title={TITLES.understanding} />
        </>
      }
    >
      <PointsConfiguration
        profile={profile}
        existingCustomerRates={<ExistingCustomerRatesCard loading customerCount={undefined} adjustableCount={undefined} />}
        auditLog={
          <RateAuditLogFrame>
            <RateAuditLogEntries trail={trail} />
          </RateAuditLogFrame>
        }
      />
    </PointsHubFrame>
  );
}
