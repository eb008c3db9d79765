"use client";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/client/api";
import { usePointsAuditTrail } from "@/components/points/points-queries";
import { RateAuditLogEntries, RateAuditLogFrame } from "@/components/points/rate-audit-log";

// Spec 2 section 2.5: the rate change audit log card, read with GET /api/business/points-audit-trail.

export { describeRateChange } from "@/components/points/rate-audit-log";

export function RateAuditLogCard() {
  const trail = usePointsAuditTrail();
  return (
    <RateAuditLogFrame>
      {trail.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : trail.isError ? (
        <div className="space-y-2">
          <p className="text-destructive">{errorMessage(trail.error)}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => trail.refetch()}>
            try again
          </Button>
        </div>
      ) : (
        <RateAuditLogEntries trail={trail.data} />
      )}
    </RateAuditLogFrame>
  );
}
