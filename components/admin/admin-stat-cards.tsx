"use client";

import { queryKeys } from "@/lib/client/query-keys";
import type { AdminStats } from "@/lib/admin/get-admin-stats";
import { StatTile, useAdminQuery } from "@/components/admin/admin-ui";

/** The five platform numbers (GET /api/admin/stats); `stats`: the server's read for the first HTML. */
export function AdminStatCards({ stats: initialData }: { stats?: AdminStats }) {
  const stats = useAdminQuery<AdminStats>(queryKeys.adminStats, { initialData });
  const s = stats.data;
  const loading = stats.isPending;
  if (stats.isError) return <p className="text-sm text-destructive">Could not load the platform stats.</p>;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
      <StatTile label="Total businesses" value={s?.totalBusinesses ?? 0} loading={loading} />
      <StatTile label="Active subscriptions" value={s?.activeSubscriptions ?? 0} loading={loading} />
      <StatTile label="Trial accounts" value={s?.trialAccounts ?? 0} loading={loading} />
      <StatTile label="Monthly revenue" value={`£${s?.totalRevenue ?? "0.00"}`} loading={loading} />
      <StatTile label="Signups this month" value={s?.signupsThisMonth ?? 0} loading={loading} />
    </div>
  );
}
