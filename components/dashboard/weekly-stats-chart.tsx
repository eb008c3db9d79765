import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { Settled, WeeklyStats } from "@/lib/dashboard/types";
import { DashboardReadError } from "@/components/dashboard/dashboard-read-error";
import { WeeklyChartBody } from "@/components/dashboard/weekly-chart-body";

// The last 7 days as a small bar chart made of CSS bars (no chart library): the card, the skeleton
// and the error are rendered here on the server; the figure switch and the chart are the client
// island (weekly-chart-body.tsx).

/** read: the server's read of the week; undefined while it is being read (skeleton bars). */
export function WeeklyStatsChart({ read }: { read: Settled<WeeklyStats> | undefined }) {
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>this week</CardTitle>
        <CardDescription>the last 7 days, day by day</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <WeeklyChartBody
          weekly={read?.data}
          placeholder={
            read === undefined ? (
              <div role="status" className="flex h-40 items-end gap-2" aria-busy="true" aria-label="loading this week's figures">
                {[40, 65, 30, 80, 55, 70, 45].map((h, i) => (
                  <Skeleton key={i} className="flex-1" style={{ height: `${h}%` }} />
                ))}
              </div>
            ) : (
              <DashboardReadError title="we couldn't load this week's figures" message={read.error ?? ""} />
            )
          }
        />
      </CardContent>
    </Card>
  );
}
