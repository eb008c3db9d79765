import type { AdminStats } from "@/lib/admin/get-admin-stats";
import type { SystemSettingsView } from "@/lib/settings/get-system-settings";
import { AdminHeader } from "@/components/admin/admin-header";
import { AdminStatCards } from "@/components/admin/admin-stat-cards";
import { BusinessPanel } from "@/components/admin/business-panel";
import { ChatSupportQueue } from "@/components/admin/chat-support-queue";
import { CronJobStatusPanel } from "@/components/admin/cron-job-status";
import { LoyaltyCardMonitor } from "@/components/admin/loyalty-card-monitor";
import { MessageAuditTable } from "@/components/admin/message-audit-table";
import { ReferralPanel } from "@/components/admin/referral-panel";
import { RevenueOnboarding } from "@/components/admin/revenue-onboarding";
import { SendMessageForm } from "@/components/admin/send-message-form";
import { SystemControls } from "@/components/admin/system-controls";

/** /admin-dashboard (spec 3 section 2): every super-admin tool on one page. A server component: the
 *  page's frame is HTML and each section is its own client island (issue 23). */
export function AdminDashboard({ start }: { start?: { settings: SystemSettingsView; stats: AdminStats } }) {
  return (
    <div className="min-w-0 overflow-x-hidden">
      <AdminHeader settings={start?.settings} />
      <main className="mx-auto w-full max-w-7xl min-w-0 space-y-6 p-3 sm:p-6">
        <AdminStatCards stats={start?.stats} />
        <ChatSupportQueue />
        <ReferralPanel />
        <BusinessPanel />
        <div className="grid min-w-0 gap-6 lg:grid-cols-2">
          <RevenueOnboarding />
          <SystemControls />
        </div>
        <div className="grid min-w-0 gap-6 lg:grid-cols-2">
          <SendMessageForm />
          <MessageAuditTable />
        </div>
        <LoyaltyCardMonitor />
        <CronJobStatusPanel />
      </main>
    </div>
  );
}
