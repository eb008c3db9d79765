import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatPoundsTwoDecimals } from "@/lib/rules/dashboard-format";
import type { ImpactStats, Settled } from "@/lib/dashboard/types";
import { DashboardReadError } from "@/components/dashboard/dashboard-read-error";

/** The impact area: customers, cards in use and the revenue brought back by return visits. */
export function ImpactStatsCard({ read }: { read: Settled<ImpactStats> | undefined }) {
  const data = read?.data;
  const figures = data
    ? [
        { label: "customers", value: formatCount(data.totalCustomers) },
        { label: "active cards", value: formatCount(data.activeCards) },
        { label: "revenue impact", value: formatPoundsTwoDecimals(data.revenueImpact) },
      ]
    : [];
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>your loyalty impact</CardTitle>
        <CardDescription>revenue impact is what your members spent on return visits: every purchase after their first.</CardDescription>
      </CardHeader>
      <CardContent>
        {read === undefined ? (
          <div role="status" className="grid grid-cols-3 gap-2" aria-busy="true" aria-label="loading your impact">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : data ? (
          <dl className="grid grid-cols-3 gap-2">
            {figures.map((f) => (
              <div key={f.label} className="min-w-0 rounded-lg bg-muted/50 p-2 sm:p-3">
                <dt className="text-xs leading-tight text-muted-foreground">{f.label}</dt>
                <dd className="truncate text-base font-bold tabular-nums sm:text-xl" title={f.value}>
                  {f.value}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <DashboardReadError title="we couldn't load your impact" message={read.error ?? ""} />
        )}
      </CardContent>
    </Card>
  );
}
