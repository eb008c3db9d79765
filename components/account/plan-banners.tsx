"use client";

import { AlertTriangle, CreditCard, PartyPopper, Users } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { capacityBanner, paymentGraceDaysLeft } from "@/lib/rules/plan-banners";
import { useBillingPortal, useUpgrade } from "@/components/account/billing-actions";

// The account hub's upgrade (capacity) banners and the payment-failed banner (spec 3 section 4
// 'Capacity banners', spec 2 sections 4.6 and 4.7).

export type PlanBannerInput = {
  subscriptionStatus: string;
  paymentFailedAt: string | null;
  customersUsed: number;
  customersLimit: number | null;
};

/** onPark, when given, adds a "park customers" button to the over-limit banner (the billing
 *  components mount the Park Customers dialogs). */
export function PlanBanners({ input, now = new Date(), onPark }: { input: PlanBannerInput; now?: Date; onPark?: () => void }) {
  const upgrade = useUpgrade();
  const portal = useBillingPortal();
  const paymentFailed = input.subscriptionStatus === "payment_failed";
  const capacity = capacityBanner(input.customersUsed, input.customersLimit);
  const days = paymentGraceDaysLeft(input.paymentFailedAt, now);

  const upgradeButton = (label: string) => (
    <Button type="button" size="sm" onClick={() => upgrade.mutate()} disabled={upgrade.isPending} aria-busy={upgrade.isPending || undefined}>
      {upgrade.isPending ? "starting upgrade..." : label}
    </Button>
  );
  const portalButton = (
    <Button type="button" size="sm" variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending} aria-busy={portal.isPending || undefined}>
      {portal.isPending ? "opening..." : "update payment"}
    </Button>
  );

  if (!paymentFailed && capacity === null) return null;
  return (
    <div className="space-y-3" data-testid="plan-banners">
      {paymentFailed && (
        <Alert variant="destructive">
          <CreditCard aria-hidden />
          <AlertTitle>payment failed</AlertTitle>
          <AlertDescription>
            <p>
              {days > 0
                ? `we couldn't take your last payment. please update your payment details within ${days} day${days === 1 ? "" : "s"}: after that, customers beyond the starter limit are temporarily parked.`
                : "we couldn't take your last payment and the 7-day grace period is over: customers beyond the starter limit are temporarily parked until your payment is updated."}
            </p>
            {days <= 1 && days > 0 && <p className="font-medium">urgent: this is your last day.</p>}
            <div className="flex flex-wrap gap-2 pt-1">{portalButton}</div>
          </AlertDescription>
        </Alert>
      )}
      {capacity === "almost_at_limit" && (
        <Alert variant="warning">
          <Users aria-hidden />
          <AlertTitle>almost at limit</AlertTitle>
          <AlertDescription>
            <p>
              you have {input.customersUsed} of {input.customersLimit} customers on your plan. upgrade to max for unlimited customers.
            </p>
            <div className="flex flex-wrap gap-2 pt-1">{upgradeButton("upgrade to max")}</div>
          </AlertDescription>
        </Alert>
      )}
      {capacity === "party_is_full" && (
        <Alert variant="warning">
          <PartyPopper aria-hidden />
          <AlertTitle>party is full</AlertTitle>
          <AlertDescription>
            <p>
              you have reached your {input.customersLimit} customer limit. upgrade to max to keep welcoming new customers.
            </p>
            <div className="flex flex-wrap gap-2 pt-1">{upgradeButton("upgrade to max")}</div>
          </AlertDescription>
        </Alert>
      )}
      {capacity === "over_limit" && (
        <Alert variant="destructive">
          <AlertTriangle aria-hidden />
          <AlertTitle>over your customer limit</AlertTitle>
          <AlertDescription>
            <p>
              you have {input.customersUsed} active customers and your plan holds {input.customersLimit}.{" "}
              {paymentFailed
                ? "update your payment to keep them all, or park the newest customers."
                : "restore max to keep them all, or park the newest customers (the oldest stay active)."}
            </p>
            <div className="flex flex-wrap gap-2 pt-1">
              {paymentFailed ? portalButton : upgradeButton("restore max")}
              {onPark && (
                <Button type="button" size="sm" variant="outline" onClick={onPark}>
                  park customers
                </Button>
              )}
            </div>
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}
