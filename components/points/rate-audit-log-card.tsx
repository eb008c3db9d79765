"use client";

import { History } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/client/api";
import { formatDateTime } from "@/lib/rules/format";
import type { RateChangeDto } from "@/lib/rates/audit-trail-dto";
import { usePointsAuditTrail } from "@/components/points/points-queries";

// Spec 2 section 2.5: the latest minimum-redemption change (date, who updated, from/to), or "no
// rate changes recorded yet"; below it, the most recent rate changes of any kind.

const SHOWN = 10;
const str = (v: unknown) => (v === undefined || v === null ? "?" : String(v));

/** One line per change, e.g. "minimum redemption: 100 to 250 points". */
export function describeRateChange(c: RateChangeDto): string {
  const o = c.oldValues;
  const n = c.newValues;
  if (c.scope === "minimum_redemption") return `minimum redemption: ${str(o.minimumRedemption)} to ${str(n.minimumRedemption)} points`;
  if (c.scope === "new_customer_rates") {
    return `new customer rates: ${str(o.newCustomerPointsPerPound)} to ${str(n.newCustomerPointsPerPound)} points per £1, £${str(o.newCustomerRedemptionValue)} to £${str(n.newCustomerRedemptionValue)} per 100 points`;
  }
  return `${c.customerName ?? "a customer"}'s rates: ${str(o.pointsPerPound)} to ${str(n.pointsPerPound)} points per £1, £${str(o.redemptionValue)} to £${str(n.redemptionValue)} per 100 points, minimum ${str(o.minimumRedemption)} to ${str(n.minimumRedemption)} points`;
}

export function RateAuditLogCard() {
  const trail = usePointsAuditTrail();
  const latest = trail.data?.latestMinimumRedemptionChange ?? null;
  const changes = trail.data?.changes ?? [];

  return (
    <SectionCard icon={<History className="size-4" aria-hidden />} title="rate change audit log" contentClassName="space-y-4 text-sm">
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
      ) : !latest && changes.length === 0 ? (
        <p className="text-muted-foreground">no rate changes recorded yet</p>
      ) : (
        <>
          {latest && (
            <div className="rounded-lg border bg-muted/40 p-3" data-testid="latest-minimum-redemption-change">
              <p className="font-medium">latest minimum redemption change</p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-muted-foreground">date</dt>
                <dd>{formatDateTime(latest.date)}</dd>
                <dt className="text-muted-foreground">updated by</dt>
                <dd className="break-words">{latest.updatedBy ?? "unknown"}</dd>
                <dt className="text-muted-foreground">from / to</dt>
                <dd>
                  {latest.from ?? "?"} to {latest.to} points
                </dd>
              </dl>
            </div>
          )}
          {changes.length > 0 && (
            <ul className="divide-y" aria-label="recent rate changes">
              {changes.slice(0, SHOWN).map((c) => (
                <li key={c.id} className="py-2">
                  <p className="break-words">{describeRateChange(c)}</p>
                  <p className="text-xs text-muted-foreground">
                    {formatDateTime(c.createdAt)} by {c.changedBy}
                    {c.reason ? ` - ${c.reason}` : ""}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </SectionCard>
  );
}
