import type { ReactNode } from "react";
import type { BusinessProfileDto } from "@/lib/business/business-dto";
import { CurrentConfigurationCard, NewMemberRatesCard } from "@/components/points/configuration-cards";

// The points hub's layout (spec 2 section 2.5), drawn the same by the client hub (points-hub.tsx)
// and by the first screen the server renders (points-hub-screen.tsx). Not a client module.

export const POINTS_EXPLAINER_TITLES = { learn: "learn about points", understanding: "understanding points configuration" } as const;

export function PointsHubFrame({ explainers, children }: { explainers: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">points hub</h1>
        <p className="text-sm text-muted-foreground">set how customers earn and redeem points.</p>
      </div>

      <div className="grid gap-3 lg:grid-cols-2">{explainers}</div>

      {children}
    </div>
  );
}

/** The cards under the explainers once the points configuration is read. */
export function PointsConfiguration({
  profile,
  existingCustomerRates,
  auditLog,
  settings,
  onEditMinimum,
  onEditNewCustomerRates,
}: {
  profile: BusinessProfileDto;
  existingCustomerRates: ReactNode;
  auditLog: ReactNode;
  /** The VIP tier and refer-a-friend cards (issue 26). */
  settings?: ReactNode;
  onEditMinimum?: () => void;
  onEditNewCustomerRates?: () => void;
}) {
  return (
    <>
      <CurrentConfigurationCard profile={profile} />
      <div className="grid gap-6 lg:grid-cols-2">
        <NewMemberRatesCard profile={profile} onEditMinimum={onEditMinimum} onEditNewCustomerRates={onEditNewCustomerRates} />
        {existingCustomerRates}
      </div>
      {auditLog}
      <div className="grid gap-6 lg:grid-cols-2">{settings}</div>
    </>
  );
}
