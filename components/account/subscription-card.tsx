"use client";

import { useState } from "react";
import { Crown } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { planSummary } from "@/lib/rules/plan-banners";
import { useBillingPortal, useUpgrade } from "@/components/account/billing-actions";
import { preloadable, usePreloaded } from "@/components/ui/use-preloaded";
import type { BusinessSettingsDto } from "@/lib/business/business-dto";
import { MaxPlanBenefits } from "@/components/billing/max-plan-benefits";

// The downgrade dialog is fetched when the card mounts instead of with the page.
const downgradeDialog = preloadable(() => import("@/components/account/downgrade-dialog"));

/** The subscription and billing card: the plan, its price, and upgrade / billing / downgrade. */
export function SubscriptionCard({ business, customersUsed, customersLimit }: { business: BusinessSettingsDto; customersUsed: number; customersLimit: number | null }) {
  const plan = planSummary(business);
  const upgrade = useUpgrade();
  const portal = useBillingPortal();
  const dialog = usePreloaded(downgradeDialog);
  const [downgrading, setDowngrading] = useState(false);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          subscription and billing
          {business.isFounderMember && (
            <Badge variant="warning">
              <Crown aria-hidden /> founder - max free for life
            </Badge>
          )}
        </CardTitle>
        <CardDescription>your plan, its price and your billing details.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p>
            <span className="text-sm text-muted-foreground">plan </span>
            <span className="text-xl font-semibold" data-testid="plan-name">
              {plan.name}
            </span>
          </p>
          {plan.price && <p className="font-medium">{plan.price}</p>}
        </div>
        <p className="text-sm text-muted-foreground">{plan.note}</p>
        <p className="text-sm">
          customers: {customersUsed}
          {customersLimit === null ? " (unlimited)" : ` of ${customersLimit}`}
        </p>
        <p className="text-sm font-medium">max includes</p>
        <MaxPlanBenefits />
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {plan.canUpgrade && (
          <Button type="button" onClick={() => upgrade.mutate()} disabled={upgrade.isPending} aria-busy={upgrade.isPending || undefined}>
            {upgrade.isPending ? "starting upgrade..." : "upgrade to max"}
          </Button>
        )}
        <Button type="button" variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending} aria-busy={portal.isPending || undefined}>
          {portal.isPending ? "opening..." : "manage billing"}
        </Button>
        {plan.canDowngrade && (
          <Button type="button" variant="ghost" className="text-destructive" onClick={() => setDowngrading(true)}>
            downgrade to starter
          </Button>
        )}
      </CardFooter>
      {dialog && <dialog.DowngradeDialog open={downgrading} onOpenChange={setDowngrading} customersUsed={customersUsed} />}
    </Card>
  );
}
