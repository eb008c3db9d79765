"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/client/query-keys";
import type { BusinessSettingsDto } from "@/lib/business/business-dto";
import { useSubscriptionUsage } from "@/components/customers/customer-queries";
import { CapacityBanners } from "@/components/billing/capacity-banners";
import { DowngradeCard } from "@/components/billing/downgrade-card";
import { StarterProgressCard, shouldShowStarterProgress } from "@/components/billing/starter-progress-card";
import { useDowngradeStatus, useTrialStatus } from "@/components/billing/billing-queries";

/**
 * The dashboard's plan and capacity elements (spec 2 sections 2.8 and 4.7): capacity and payment
 * banners with their Park Customers dialogs, the downgrade countdown card, the trial notice and the
 * starter progress card with the pro upgrade info modal. Renders nothing until its data is in, so
 * the dashboard does not jump.
 */
export function PlanBannersSlot() {
  const business = useQuery<BusinessSettingsDto>({ queryKey: queryKeys.business });
  const usage = useSubscriptionUsage();
  const downgrade = useDowngradeStatus();
  const trial = useTrialStatus();
  if (!business.data || !usage.data) return null;
  const { customersUsed, customersLimit } = usage.data;
  return (
    <div className="space-y-3" data-testid="plan-banners-slot">
      <CapacityBanners input={{ subscriptionStatus: business.data.subscriptionStatus, paymentFailedAt: business.data.paymentFailedAt, customersUsed, customersLimit }} />
      {downgrade.data?.isDowngrading && <DowngradeCard status={downgrade.data} />}
      {trial.data?.hasActiveTrial && (
        <p className="rounded-lg border bg-card p-3 text-sm" data-testid="trial-notice">
          max trial: {trial.data.daysRemaining} day{trial.data.daysRemaining === 1 ? "" : "s"} left.
        </p>
      )}
      {customersLimit !== null && shouldShowStarterProgress(customersUsed, customersLimit) && <StarterProgressCard used={customersUsed} limit={customersLimit} />}
    </div>
  );
}
