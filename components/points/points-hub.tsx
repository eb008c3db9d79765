"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/spinner";
import { useCustomerCount } from "@/components/customers/customer-queries";
import { useBusinessProfile } from "@/components/points/points-queries";
import { LearnAboutPoints, UnderstandingPointsConfiguration } from "@/components/points/points-explainers";
import { ExistingCustomerRatesCard } from "@/components/points/configuration-cards";
import { PointsConfiguration, PointsHubFrame } from "@/components/points/points-hub-parts";
import { RateAuditLogCard } from "@/components/points/rate-audit-log-card";
import { TierSettingsCard } from "@/components/tiers/tier-settings-card"; // issue 26
import { ReferralSettingsCard } from "@/components/referrals/referral-settings-card"; // issue 26
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { QueryState } from "@/components/ui/query-error";

// The three edit dialogs (forms and validation schemas) load the first time each opens.
const MinimumRedemptionDialog = dynamic(() => import("@/components/points/minimum-redemption-dialog").then((m) => m.MinimumRedemptionDialog), { ssr: false });
const NewCustomerRatesDialog = dynamic(() => import("@/components/points/new-customer-rates-dialog").then((m) => m.NewCustomerRatesDialog), { ssr: false });
const IndividualRatesDialog = dynamic(() => import("@/components/points/individual-rates-dialog").then((m) => m.IndividualRatesDialog), { ssr: false });

// The points hub (/points, spec 2 section 2.5): the configuration cards, the three rate dialogs
// and the rate change audit log. The customer figures are two counts from the server (issue 23:
// all listed customers, and the active ones, whose rates may change), not the whole list.

type OpenDialog = "minimum" | "newCustomer" | "individual" | null;

export function PointsHub() {
  const profile = useBusinessProfile();
  const customers = useCustomerCount();
  const adjustable = useCustomerCount("active");
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const onOpenChange = (open: boolean) => !open && setDialog(null);
  const minimumMounted = useOpenedOnce(dialog === "minimum");
  const newCustomerMounted = useOpenedOnce(dialog === "newCustomer");
  const individualMounted = useOpenedOnce(dialog === "individual");

  return (
    <PointsHubFrame
      explainers={
        <>
          <LearnAboutPoints />
          <UnderstandingPointsConfiguration />
        </>
      }
    >
      <QueryState
        query={profile}
        loading={
          <div className="flex justify-center py-12">
            <Spinner label="Loading points configuration..." showLabel />
          </div>
        }
        errorTitle="could not load the points configuration"
      >
        {(data) => (
          <>
            <PointsConfiguration
              profile={data}
              onEditMinimum={() => setDialog("minimum")}
              onEditNewCustomerRates={() => setDialog("newCustomer")}
              existingCustomerRates={
                <ExistingCustomerRatesCard
                  loading={customers.isPending || customers.isError || adjustable.isPending || adjustable.isError}
                  customerCount={customers.data}
                  adjustableCount={adjustable.data}
                  onOpen={() => setDialog("individual")}
                />
              }
              auditLog={<RateAuditLogCard />}
              settings={
                <>
                  <TierSettingsCard />
                  <ReferralSettingsCard />
                </>
              }
            />
            {minimumMounted && <MinimumRedemptionDialog open={dialog === "minimum"} onOpenChange={onOpenChange} current={data.minimumRedemption} />}
            {newCustomerMounted && <NewCustomerRatesDialog open={dialog === "newCustomer"} onOpenChange={onOpenChange} profile={data} />}
            {individualMounted && <IndividualRatesDialog open={dialog === "individual"} onOpenChange={onOpenChange} />}
          </>
        )}
      </QueryState>
    </PointsHubFrame>
  );
}
