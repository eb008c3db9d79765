import type { ReactNode } from "react";
import type { DashboardStart } from "@/lib/dashboard/types";
import { InlineIcon } from "@/components/ui/inline-icon";
import { ActionCards } from "@/components/dashboard/action-cards";
import { AllTimeSection } from "@/components/dashboard/all-time-section";
import { DashboardGreeting } from "@/components/dashboard/dashboard-greeting";
import { FirstCustomerCard } from "@/components/dashboard/first-customer-card";
import { HallOfFame } from "@/components/dashboard/hall-of-fame";
import { ImpactStatsCard } from "@/components/dashboard/impact-stats-card";
import { PlanBannersSlot } from "@/components/dashboard/plan-banners-slot";
import { RecentCustomersCard } from "@/components/dashboard/recent-customers-card";
import { TipsBanner } from "@/components/dashboard/tips-banner";
import { WeeklyStatsChart } from "@/components/dashboard/weekly-stats-chart";

// The business dashboard (spec 1 section 2, spec 2 section 2.8), rendered on the server with the
// signed-in business's figures (issue 23): the sections are server components; only the controls
// are client islands (the action cards and their dialogs, a tile's info toggle, the chart's figure
// switch, the rotating tip, the greeting's hour, the plan banners' buttons). The browser asks for
// none of the figures; a write elsewhere shows on the next visit (the page is rendered per request)
// and "try again" on a failed section renders the page's server parts again.

/** The page: the greeting (the page's largest paint) and the body below it. */
export function DashboardPage({ businessName, initialHour, children }: { businessName?: string | null; initialHour: number; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <DashboardGreeting businessName={businessName} initialHour={initialHour} />
      {children}
    </div>
  );
}

/** Every section from the server's reads; without them (still reading) each shows its skeleton. */
export function DashboardBody({ start }: { start?: DashboardStart }) {
  const stats = start?.stats;
  return (
    <>
      {start?.plan && <PlanBannersSlot plan={start.plan} />}
      <TipsBanner icon={<InlineIcon name="lightbulb" className="size-5 shrink-0 text-warning" />} />

      {/* Adding is blocked whenever usage says the limit is reached (spec 2 section 5.10). */}
      {stats?.data?.totalCustomers === 0 && <FirstCustomerCard atLimit={start?.usage.data?.isAtLimit === true} />}

      <ActionCards stats={stats?.data} pending={stats === undefined} />
      <AllTimeSection read={stats} />

      <div className="grid gap-3 lg:grid-cols-2">
        <WeeklyStatsChart read={start?.weekly} />
        <ImpactStatsCard read={start?.impact} />
      </div>

      <HallOfFame makers={start?.moneyMakers} fans={start?.superFans} />
      <RecentCustomersCard read={start?.recent} />
    </>
  );
}
