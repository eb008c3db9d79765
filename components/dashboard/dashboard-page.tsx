"use client";

import { useEffect, useState } from "react";
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

/** The business dashboard (spec 1 section 2, spec 2 section 2.8). The page may hand over the
 *  signed-in user and the UK hour from the server, so the greeting is in the first HTML. */
export function DashboardPage({ initialUser, initialHour }: { initialUser?: CurrentUser; initialHour?: number } = {}) {
  const user = useQuery<CurrentUser | null>({ queryKey: queryKeys.currentUser, queryFn: getQueryFn<CurrentUser>({ on401: "returnNull" }), initialData: initialUser });
  const stats = useDashboardStats();
  const usage = useSubscriptionUsage();
  // The greeting follows the viewer's clock, so it is computed in the browser after mount (until
  // then: the server's UK hour when given).
  const [hour, setHour] = useState<number | null>(initialHour ?? null);
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHour(new Date().getHours()), []);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {user.isPending || hour === null ? (
        <Skeleton className="h-9 w-72 max-w-full" aria-label="Loading" />
      ) : (
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{greetingLine(hour, user.data?.businessName)}</h1>
      )}

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
    </div>
  );
}
