import { Suspense, use } from "react";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { formatDateTime } from "@/lib/rules/format";
import { CohortChart, type Cohort } from "@/components/insights/cohort-chart";
import { InsightsRefreshButton, InsightsRefreshError, InsightsRefreshScope } from "@/components/insights/insights-refresh";

/** GET /api/insights's answer (lib/insights/get-insights-snapshot.ts), as JSON. */
export type Insights = {
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

/** When the snapshot was computed (UK time) and the refresh button. */
export function InsightsUpdated({ data }: { data: Insights }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <span>updated {formatDateTime(data.computedAt)} (UK)</span>
      <InsightsRefreshButton className={cn(buttonVariants({ variant: "outline" }))} />
    </div>
  );
}

export function InsightsFigures({ data }: { data: Insights }) {
  return (
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
  );
}

// use(), not await: the same parts render in a component test (jsdom), and React suspends on the read either way.
function Updated({ read }: { read: Promise<Insights | null> }) {
  const data = use(read);
  return data && <InsightsUpdated data={data} />;
}

function Figures({ read }: { read: Promise<Insights | null> }) {
  const data = use(read);
  if (!data) return <p role="alert" className="text-sm text-destructive">Could not load the insights.</p>;
  return <InsightsFigures data={data} />;
}

// The Insights page (issue 25): every number comes from the business's snapshot (SQL over the ledger
// and rollups, kept daily), the same answer as GET /api/insights. Issue 23: drawn on the server; the
// heading is sent at once and the figures stream in when the snapshot is read (computing a missing
// or day-old one takes seconds at 100,000 customers). read: null when the read failed.
export function InsightsPage({ read }: { read: Promise<Insights | null> }) {
  return (
    <InsightsRefreshScope>
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-semibold">insights</h1>
          <Suspense fallback={null}>
            <Updated read={read} />
          </Suspense>
        </div>
        <InsightsRefreshError />
        <Suspense fallback={<p className="text-sm text-muted-foreground">Loading...</p>}>
          <Figures read={read} />
        </Suspense>
      </div>
    </InsightsRefreshScope>
  );
}
