import type { ReactNode } from "react";
import { SectionCard } from "@/components/ui/section-card";
import { InlineIcon } from "@/components/ui/inline-icon";
import { formatDateTime } from "@/lib/rules/format";
import type { PointsAuditTrailDto, RateChangeDto } from "@/lib/rates/audit-trail-dto";

// Spec 2 section 2.5: the latest minimum-redemption change (date, who updated, from/to), or "no
// rate changes recorded yet"; below it, the most recent rate changes of any kind. Not a client
// module: the server's first screen draws it too (points-hub-screen.tsx).

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

export function RateAuditLogFrame({ children }: { children: ReactNode }) {
  return (
    <SectionCard icon={<InlineIcon name="rotate-ccw-clock" className="size-4" />} title="rate change audit log" contentClassName="space-y-4 text-sm">
      {children}
    </SectionCard>
  );
}

export function RateAuditLogEntries({ trail }: { trail: PointsAuditTrailDto }) {
  const latest = trail.latestMinimumRedemptionChange ?? null;
  const changes = trail.changes ?? [];
  if (!latest && changes.length === 0) return <p className="text-muted-foreground">no rate changes recorded yet</p>;
  return (
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
  );
}
