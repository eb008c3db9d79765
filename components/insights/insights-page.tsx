"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { apiJson, errorMessage } from "@/lib/client/api";
import { formatDateTime } from "@/lib/rules/format";
import { CohortChart, type Cohort } from "@/components/insights/cohort-chart";

type Insights = {
  computedAt: string;
  members: number;
  redemptionRate: number | null;
  returnRates: { days: number; eligible: number; returned: number; rate: number | null }[];
  averageVisitsPerMember: number;
  averageSpendPerMemberPounds: number;
  revenueFromMembersPounds: number;
  pointsLiabilityPounds: number;
  cohorts: Cohort[];
  automationEffects: { kind: string; title: string; messaged: number; messagedReturnRate: number | null; notMessagedReturnRate: number | null }[];
};

const pct = (r: number | null) => (r === null ? "–" : `${(r * 100).toFixed(1)}%`);
const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card>
      <CardHeader className="pb-1"><CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle></CardHeader>
      <CardContent><p className="text-2xl font-semibold">{value}</p>{hint && <p className="text-xs text-muted-foreground">{hint}</p>}</CardContent>
    </Card>
  );
}

// The Insights page (issue 25): every number comes from GET /api/insights (SQL over the ledger and
// rollups, kept as a daily snapshot); Refresh recomputes it now (at most once per 5 minutes).
export function InsightsPage() {
  const qc = useQueryClient();
  const { data, isLoading, error } = useQuery({ queryKey: ["/api/insights"], queryFn: () => apiJson<Insights>("GET", "/api/insights") });
  const refresh = useMutation({
    mutationFn: () => apiJson<Insights>("POST", "/api/insights/refresh"),
    onSuccess: (fresh) => qc.setQueryData(["/api/insights"], fresh),
  });
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">insights</h1>
        {data && (
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>updated {formatDateTime(data.computedAt)} (UK)</span>
            <Button type="button" variant="outline" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
              {refresh.isPending ? "Refreshing..." : "Refresh"}
            </Button>
          </div>
        )}
      </div>
      {refresh.error && <p role="alert" className="text-sm text-destructive">{errorMessage(refresh.error, "Could not refresh the insights.")}</p>}
      {isLoading && <p className="text-sm text-muted-foreground">Loading...</p>}
      {error && <p role="alert" className="text-sm text-destructive">Could not load the insights.</p>}
      {data && (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Stat label="redemption rate" value={pct(data.redemptionRate)} hint="Points redeemed of points issued" />
            {data.returnRates.map((r) => <Stat key={r.days} label={`return rate (${r.days} days)`} value={pct(r.rate)} hint={`${r.returned} of ${r.eligible} came back within ${r.days} days of their first visit`} />)}
            <Stat label="average visits per member" value={data.averageVisitsPerMember.toFixed(2)} hint={`${data.members} members`} />
            <Stat label="average spend per member" value={gbp.format(data.averageSpendPerMemberPounds)} />
            <Stat label="revenue from members" value={gbp.format(data.revenueFromMembersPounds)} />
            <Stat label="points liability" value={gbp.format(data.pointsLiabilityPounds)} hint="Outstanding points at their redemption value" />
          </div>
          <Card>
            <CardHeader><CardTitle>retention by join month</CardTitle></CardHeader>
            <CardContent><CohortChart cohorts={data.cohorts} /></CardContent>
          </Card>
          <Card>
            <CardHeader><CardTitle>automation effect</CardTitle></CardHeader>
            <CardContent>
              <ul className="space-y-1 text-sm">
                {data.automationEffects.map((e) => (
                  <li key={e.kind}>
                    <span className="font-medium">{e.title}:</span>{" "}
                    {e.messaged === 0 ? "no messages in the last 90 days" : `${pct(e.messagedReturnRate)} of ${e.messaged} messaged came back within 14 days, against ${pct(e.notMessagedReturnRate)} of those not messaged`}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
