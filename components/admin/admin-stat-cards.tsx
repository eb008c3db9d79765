import type { AdminStats } from "@/lib/admin/get-admin-stats";
import { StatTile } from "@/components/admin/admin-section";

/** The five platform numbers (what GET /api/admin/stats answers), drawn on the server (issue 23). */
export function AdminStatCards({ stats: s }: { stats: AdminStats }) {
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
      <StatTile label="Total businesses" value={s.totalBusinesses} />
      <StatTile label="Active subscriptions" value={s.activeSubscriptions} />
      <StatTile label="Trial accounts" value={s.trialAccounts} />
      <StatTile label="Monthly revenue" value={`£${s.totalRevenue}`} />
      <StatTile label="Signups this month" value={s.signupsThisMonth} />
    </div>
  );
}
