import type { AdminStats } from "@/lib/admin/get-admin-stats";
import type { OnboardingStats } from "@/lib/admin/get-onboarding-stats";
import type { ReferralActivityRow, ReferralStats } from "@/lib/admin/monitoring/referral-rules";
import type { SystemSettingsView } from "@/lib/settings/get-system-settings";
import { AdminHeader } from "@/components/admin/admin-header";
import { AdminStatCards } from "@/components/admin/admin-stat-cards";
import { AdminTabs } from "@/components/admin/admin-tabs";
import type { AdminTab } from "@/components/admin/admin-tab-names";
import { ReferralPanel } from "@/components/admin/referral-panel";
import { RevenueOnboarding } from "@/components/admin/revenue-onboarding";

export type AdminDashboardStart = {
  settings: SystemSettingsView;
  stats: AdminStats;
  onboarding: OnboardingStats;
  referralStats: ReferralStats;
  referralActivity: ReferralActivityRow[];
};

/** /admin-dashboard (spec 3 section 2): every super-admin tool on one page, in tabs (issue 23). A
 *  server component: the header and the overview (the five platform numbers, revenue and
 *  onboarding, referral activity) are HTML from the page's reads; the business picker with its
 *  tabs, the chat support queue, the messages, the loyalty-card monitor and the system controls are
 *  client tabs whose code loads when opened (components/admin/admin-tabs.tsx). */
export function AdminDashboard({ start, tab = "overview" }: { start: AdminDashboardStart; tab?: AdminTab }) {
  return (
    <div className="min-w-0 overflow-x-hidden">
      <AdminHeader settings={start.settings} />
      <main className="mx-auto w-full max-w-7xl min-w-0 p-3 sm:p-6">
        <AdminTabs
          initialTab={tab}
          overview={
            <>
              <AdminStatCards stats={start.stats} />
              <RevenueOnboarding stats={start.stats} onboarding={start.onboarding} />
              <ReferralPanel stats={start.referralStats} activity={start.referralActivity} />
            </>
          }
        />
      </main>
    </div>
  );
}
