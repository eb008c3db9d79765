import type { PlanStart } from "@/lib/dashboard/types";
import { capacityBanner } from "@/lib/rules/plan-banners";
import { LazyCapacityBanners, LazyDowngradeCard, LazyStarterProgressCard } from "@/components/dashboard/plan-banners-lazy";
import { shouldShowStarterProgress } from "@/lib/rules/plan-banners";

/**
 * The dashboard's plan and capacity elements (spec 2 sections 2.8 and 4.7): capacity and payment
 * banners with their Park Customers dialogs, the downgrade countdown card, the trial notice and the
 * starter progress card with the pro upgrade info modal. From the server's reads, so nothing jumps
 * in after load; the banners' and countdown's code (billing mutations, the park dialog) loads only
 * when the server shows one of them (plan-banners-lazy.tsx).
 */
export function PlanBannersSlot({ plan }: { plan: PlanStart }) {
  const { subscriptionStatus, paymentFailedAt, customersUsed, customersLimit, downgrade, trial } = plan;
  // CapacityBanners draws nothing unless a payment failed or a capacity banner is due.
  const banners = subscriptionStatus === "payment_failed" || capacityBanner(customersUsed, customersLimit) !== null;
  return (
    <div className="space-y-3" data-testid="plan-banners-slot">
      {banners && <LazyCapacityBanners input={{ subscriptionStatus, paymentFailedAt, customersUsed, customersLimit }} />}
      {downgrade?.isDowngrading && <LazyDowngradeCard status={downgrade} />}
      {trial?.hasActiveTrial && (
        <p className="rounded-lg border bg-card p-3 text-sm" data-testid="trial-notice">
          max trial: {trial.daysRemaining} day{trial.daysRemaining === 1 ? "" : "s"} left.
        </p>
      )}
      {customersLimit !== null && shouldShowStarterProgress(customersUsed, customersLimit) && <LazyStarterProgressCard used={customersUsed} limit={customersLimit} />}
    </div>
  );
}
