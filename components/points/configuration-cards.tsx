import type { ReactNode } from "react";
import { InlineIcon } from "@/components/ui/inline-icon";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import type { BusinessProfileDto } from "@/lib/business/business-dto";
import { formatPoints, formatPoundsPerPoint } from "@/lib/rules/rates";
import { countText, type ListTotal } from "@/lib/rules/customer-list";

// Spec 2 section 2.5: the configuration cards of the points hub. Not a client module: the server's
// first screen draws them too (points-hub-screen.tsx), without handlers; the buttons carry
// data-takeover-key for the live hub (components/ui/takeover.tsx).

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <div className="min-w-0 rounded-lg border bg-muted/40 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 truncate text-xl font-semibold">{value}</dd>
      {note && <dd className="text-xs text-muted-foreground">{note}</dd>}
    </div>
  );
}

/** The dialogs set the value per 100 points; the figure (spec: "£ per point") says both. */
const per100 = (v: string | number) => `£${Number(v).toFixed(2)} per 100 points`;

export function CurrentConfigurationCard({ profile }: { profile: BusinessProfileDto }) {
  return (
    <SectionCard icon={<InlineIcon name="settings-2" className="size-4" />} title="current system configuration">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label="points per £1" value={profile.pointsPerPound} />
        <Figure label="£ per point" value={formatPoundsPerPoint(profile.redemptionValue)} note={per100(profile.redemptionValue)} />
        <Figure label="minimum redemption points" value={formatPoints(profile.minimumRedemption)} />
      </dl>
    </SectionCard>
  );
}

export function NewMemberRatesCard({
  profile,
  onEditMinimum,
  onEditNewCustomerRates,
}: {
  profile: BusinessProfileDto;
  onEditMinimum?: () => void;
  onEditNewCustomerRates?: () => void;
}) {
  return (
    <SectionCard icon={<InlineIcon name="sparkles" className="size-4" />} title="new member starting rates" description="what every customer you add from now on starts with." contentClassName="space-y-4">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label="points per £1" value={profile.newCustomerPointsPerPound} />
        <Figure label="£ per point" value={formatPoundsPerPoint(profile.newCustomerRedemptionValue)} note={per100(profile.newCustomerRedemptionValue)} />
        <Figure label="minimum redemption points" value={formatPoints(profile.minimumRedemption)} />
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" variant="outline" onClick={onEditMinimum} data-takeover-key="edit-minimum">
          <InlineIcon name="pencil" /> edit minimum redemption
        </Button>
        <Button type="button" variant="outline" onClick={onEditNewCustomerRates} data-takeover-key="edit-new-customer-rates">
          <InlineIcon name="pencil" /> edit new customer rates
        </Button>
      </div>
    </SectionCard>
  );
}

export function ExistingCustomerRatesCard({
  loading,
  customerCount,
  adjustableCount,
  onOpen,
}: {
  loading: boolean;
  /** The listed customers and those whose rates may change (undefined while loading). */
  customerCount: ListTotal | undefined;
  adjustableCount: ListTotal | undefined;
  onOpen?: () => void;
}) {
  const none = !loading && customerCount?.count === 0;
  return (
    <SectionCard
      icon={<InlineIcon name="users" className="size-4" />}
      title="existing customer rates"
      description={
        <>
          give a regular their own earning rate, point value or minimum redemption.
          {!loading && customerCount && adjustableCount && customerCount.count > 0 && (
            <>
              {" "}
              {countText(adjustableCount)} of {countText(customerCount)} customers can have their rates adjusted.
            </>
          )}
        </>
      }
    >
      <Button type="button" onClick={onOpen} disabled={loading || none} className="w-full sm:w-auto" data-takeover-key="individual-rates">
        {none ? "no customers to adjust" : "individual rates"}
      </Button>
    </SectionCard>
  );
}
