"use client";

import { useState } from "react";
import { CalendarClock } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useUpgrade } from "@/components/account/billing-actions";
import { LazyParkCustomersDialog } from "@/components/billing/lazy-park-customers-dialog";
import type { DowngradeStatus } from "@/components/billing/billing-queries";

/** The downgrade countdown (spec 2 section 4.6): days left, urgent at 1 or less; when customers
 *  exceed 10, park them now or keep max. onParkClosed: the park dialog closed (see CapacityBanners). */
export function DowngradeCard({ status, onParkClosed }: { status: DowngradeStatus; onParkClosed?: () => void }) {
  const upgrade = useUpgrade();
  const [parking, setParking] = useState(false);
  const onParkOpenChange = (open: boolean) => {
    setParking(open);
    if (!open) onParkClosed?.();
  };
  const days = status.daysRemaining ?? 0;
  const urgent = days <= 1;
  return (
    <Alert variant={urgent ? "destructive" : "warning"} data-testid="downgrade-card">
      <CalendarClock aria-hidden />
      <AlertTitle>downgrading to starter</AlertTitle>
      <AlertDescription>
        <p>
          {days > 0 ? `your plan moves to starter in ${days} day${days === 1 ? "" : "s"}.` : "your plan moves to starter today."}
          {status.requiresAction && " customers beyond your oldest 10 will then be parked automatically: choose who to park now, or keep max."}
        </p>
        {urgent && status.requiresAction && <p className="font-medium">urgent: automatic parking starts {days > 0 ? "tomorrow" : "today"}.</p>}
        <div className="flex flex-wrap gap-2 pt-1">
          <Button type="button" size="sm" onClick={() => upgrade.mutate()} disabled={upgrade.isPending} aria-busy={upgrade.isPending || undefined}>
            {upgrade.isPending ? "starting upgrade..." : "keep max"}
          </Button>
          {status.requiresAction && (
            <Button type="button" size="sm" variant="outline" onClick={() => setParking(true)}>
              park customers
            </Button>
          )}
        </div>
      </AlertDescription>
      <LazyParkCustomersDialog kind="downgrade" open={parking} onOpenChange={onParkOpenChange} />
    </Alert>
  );
}
