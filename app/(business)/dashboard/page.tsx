import { Suspense } from "react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DashboardBody, DashboardPage } from "@/components/dashboard/dashboard-page";
import { getPageBusinessPrincipal } from "@/lib/auth/page-session";
import { getDashboardStart } from "@/lib/dashboard/get-dashboard-start";
import { settleWithin } from "@/lib/dashboard/settle-within";
import type { DashboardStart } from "@/lib/dashboard/types";

export const metadata: Metadata = { title: "Dashboard" };

const ukHour = new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: "Europe/London" });

/** How long the first HTML waits for the figures (their reads take 37-70 ms p95 at 2,000,000
 *  transactions, docs/scaling.md). Past it the page is sent without them and they stream in. */
const FIGURES_IN_FIRST_HTML_MS = 500;

/** The figures, streamed in when their reads outlast FIGURES_IN_FIRST_HTML_MS. */
async function DashboardFigures({ start }: { start: Promise<DashboardStart> }) {
  return <DashboardBody start={await start} />;
}

// Issue 23 (T2): the figures are part of the first HTML when their reads are as fast as they
// normally are, so the first paint is the whole first screen (no skeletons swapped for figures in a
// second streamed chunk, which on a phone lands while the scripts download and evaluate). A slow
// database still cannot hold the page back: past FIGURES_IN_FIRST_HTML_MS the greeting and the
// skeletons are sent and the figures stream in, as before.
export default async function Page() {
  const principal = await getPageBusinessPrincipal();
  if (!principal) redirect("/auth");
  const now = new Date();
  const start = getDashboardStart(principal.businessId, now);
  const ready = await settleWithin(start, FIGURES_IN_FIRST_HTML_MS);
  return (
    <DashboardPage businessName={principal.business.name} initialHour={Number(ukHour.format(now))}>
      {ready ? (
        <DashboardBody start={ready} />
      ) : (
        <Suspense fallback={<DashboardBody />}>
          <DashboardFigures start={start} />
        </Suspense>
      )}
    </DashboardPage>
  );
}
