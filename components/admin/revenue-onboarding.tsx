import type { AdminStats } from "@/lib/admin/get-admin-stats";
import type { OnboardingStats } from "@/lib/admin/get-onboarding-stats";
import { AdminSection, StatTile } from "@/components/admin/admin-section";

/** Global revenue (monthly recurring, as GET /api/admin/stats) and how businesses are onboarding
 *  (GET /api/admin/onboarding-stats: counted by the database, issue 23). Drawn on the server. */
export function RevenueOnboarding({ stats: s, onboarding: o }: { stats: AdminStats; onboarding: OnboardingStats }) {
  const paying = s.activeSubscriptions;
  return (
    <AdminSection id="revenue" title="revenue and onboarding">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
        <StatTile label="Monthly recurring revenue" value={`£${s.totalRevenue}`} />
        <StatTile label="Average per paying business" value={`£${paying ? (Number(s.totalRevenue) / paying).toFixed(2) : "0.00"}`} />
        <StatTile label="New this month" value={s.signupsThisMonth} />
        <StatTile label="With customers" value={`${o.withCustomers} / ${o.totalBusinesses}`} />
        <StatTile label="On trial" value={s.trialAccounts} />
        <StatTile label="Founder members" value={o.founderMembers} />
      </div>
    </AdminSection>
  );
}
