"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LazyProUpgradeModal } from "@/components/billing/lazy-pro-upgrade-modal";

/** Starter progress (spec 2 section 4.7; shown under 8 customers: shouldShowStarterProgress in
 *  lib/rules/plan-banners.ts); warns when 2 or fewer spaces remain. */
export function StarterProgressCard({ used, limit }: { used: number; limit: number }) {
  const [info, setInfo] = useState(false);
  const spaces = Math.max(0, limit - used);
  const percent = Math.min(100, Math.round((used / limit) * 100));
  return (
    <Card data-testid="starter-progress">
      <CardHeader>
        <CardTitle>starter plan</CardTitle>
        <CardDescription>
          {used} of {limit} customers
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="h-2 w-full overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={0} aria-valuemax={limit} aria-valuenow={used} aria-label="Customers on your plan">
          <div className="h-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
        <p className={spaces <= 2 ? "text-sm font-medium text-destructive" : "text-sm text-muted-foreground"}>
          {spaces <= 2 ? `only ${spaces} space${spaces === 1 ? "" : "s"} left on starter.` : `${spaces} spaces left on starter.`}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={() => setInfo(true)}>
          learn about max
        </Button>
      </CardContent>
      <LazyProUpgradeModal open={info} onOpenChange={setInfo} />
    </Card>
  );
}
