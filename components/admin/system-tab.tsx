"use client";

import { CronJobStatusPanel } from "@/components/admin/cron-job-status";
import { SystemControls } from "@/components/admin/system-controls";

/** The dashboard's System tab: platform settings, the referral and trial tools, the scheduled jobs. */
export function SystemTab() {
  return (
    <div className="min-w-0 space-y-6">
      <SystemControls />
      <CronJobStatusPanel />
    </div>
  );
}
