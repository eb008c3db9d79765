"use client";

import { Suspense, useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "@/components/ui/skeleton";
import { getQueryFn } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { greetingLine } from "@/lib/rules/greeting";
import type { CurrentUser } from "@/lib/auth/current-user";
import { isAddBlocked, useSubscriptionUsage } from "@/components/customers/customer-queries";
import { ActionCards } from "@/components/dashboard/action-cards";
import { AllTimeSection } from "@/components/dashboard/all-time-section";
import { useDashboardStats } from "@/components/dashboard/dashboard-queries";
import { FirstCustomerCard } from "@/components/dashboard/first-customer-card";
import { HallOfFame } from "@/components/dashboard/hall-of-fame";
import { ImpactStatsCard } from "@/components/dashboard/impact-stats-card";
import { PlanBannersSlot } from "@/components/dashboard/plan-banners-slot";
import { RecentCustomersCard } from "@/components/dashboard/recent-customers-card";
import { TipsBanner } from "@/components/dashboard/tips-banner";
import { WeeklyStatsChart } from "@/components/dashboard/weekly-stats-chart";

/** "good morning, {business}": the user arrives from the server when the page hands it over, and
 *  the hour follows the viewer's clock once mounted (until then the server's UK hour). */
function Greeting({ initialUser, initialHour }: { initialUser?: CurrentUser; initialHour?: number }) {
  const user = useQuery<CurrentUser | null>({ queryKey: queryKeys.currentUser, queryFn: getQueryFn<CurrentUser>({ on401: "returnNull" }), initialData: initialUser });
  const [hour, setHour] = useState<number | null>(initialHour ?? null);
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHour(new Date().getHours()), []);
  if (user.isPending || hour === null) return <Skeleton className="h-9 w-72 max-w-full" aria-label="Loading" />;
  return <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{greetingLine(hour, user.data?.businessName)}</h1>;
}

function DashboardBody() {
  const stats = useDashboardStats();
  const usage = useSubscriptionUsage();
  return (
    <>
      <PlanBannersSlot />
      <TipsBanner />

      {stats.data?.totalCustomers === 0 && <FirstCustomerCard atLimit={isAddBlocked(usage.data)} />}

      <ActionCards stats={stats.data} pending={stats.isPending} />
      <AllTimeSection stats={stats.data} pending={stats.isPending} error={stats.error} onRetry={() => void stats.refetch()} />

      <div className="grid gap-3 lg:grid-cols-2">
        <WeeklyStatsChart />
        <ImpactStatsCard />
      </div>

      <HallOfFame />
      <RecentCustomersCard />
    </>
  );
}

/** The business dashboard (spec 1 section 2, spec 2 section 2.8). The page may hand over the
 *  signed-in user and the UK hour from the server, so the greeting is in the first HTML (it is the
 *  page's largest paint). The rest sits in a Suspense boundary, so the browser hydrates it as a
 *  task of its own, and this component reads no query itself: data arriving re-renders only the
 *  parts that use it. */
export function DashboardPage({ initialUser, initialHour }: { initialUser?: CurrentUser; initialHour?: number } = {}) {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Greeting initialUser={initialUser} initialHour={initialHour} />
      <Suspense fallback={null}>
        <DashboardBody />
      </Suspense>
    </div>
  );
}
