"use client";

import { queryKeys } from "@/lib/client/query-keys";
import type { AdminStats } from "@/lib/admin/get-admin-stats";
import type { AdminBusinessDto } from "@/lib/admin/list-businesses";
import { AdminSection, StatTile, useAdminQuery } from "@/components/admin/admin-ui";

/** Global revenue (monthly recurring, from GET /api/admin/stats) and how businesses are onboarding. */
export function RevenueOnboarding() {
  const stats = useAdminQuery<AdminStats>(queryKeys.adminStats);
  const businesses = useAdminQuery<AdminBusinessDto[]>(queryKeys.adminBusinesses);
  const list = businesses.data ?? [];
  const withCustomers = list.filter((b) => b.customerCount > 0).length;
  const founders = list.filter((b) => b.isFounderMember).length;
  const s = stats.data;
  const paying = s?.activeSubscriptions ?? 0;
  return (
    <AdminSection id="revenue" title="revenue and onboarding">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
        <StatTile label="Monthly recurring revenue" value={`£${s?.totalRevenue ?? "0.00"}`} loading={stats.isPending} />
        <StatTile label="Average per paying business" value={`£${paying ? (Number(s?.totalRevenue ?? 0) / paying).toFixed(2) : "0.00"}`} loading={stats.isPending} />
        <StatTile label="New this month" value={s?.signupsThisMonth ?? 0} loading={stats.isPending} />
        <StatTile label="With customers" value={`${withCustomers} / ${list.length}`} loading={businesses.isPending} />
        <StatTile label="On trial" value={s?.trialAccounts ?? 0} loading={stats.isPending} />
        <StatTile label="Founder members" value={founders} loading={businesses.isPending} />
      </div>
    </AdminSection>
  );
}
