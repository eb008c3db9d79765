import "server-only";
import vercel from "@/vercel.json";
import { db } from "@/lib/db";

// The super admin's view of the scheduled jobs: every job vercel.json schedules (the one list the
// platform's scheduler and scripts/cron-local.ts read), with its last run and last error from job_runs.

export type CronJobStatus = {
  name: string;
  path: string;
  schedule: string;
  running: boolean;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastDurationMs: number | null;
  lastResult: unknown;
  lastError: string | null;
  lastErrorAt: string | null;
  /** the latest run failed (its error is newer than its last success) */
  failing: boolean;
};

export const scheduledJobs = (): { name: string; path: string; schedule: string }[] =>
  vercel.crons.map((c) => ({ name: c.path.replace(/^\/api\/cron\//, ""), path: c.path, schedule: c.schedule }));

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function listCronJobs(now = new Date()): Promise<CronJobStatus[]> {
  const jobs = scheduledJobs();
  const rows = await db.jobRun.findMany({ where: { name: { in: jobs.map((j) => j.name) } } });
  const byName = new Map(rows.map((r) => [r.name, r]));
  return jobs.map((job) => {
    const r = byName.get(job.name);
    return {
      ...job,
      running: !!r?.leaseUntil && r.leaseUntil > now,
      lastStartedAt: iso(r?.lastStartedAt ?? null),
      lastFinishedAt: iso(r?.lastFinishedAt ?? null),
      lastDurationMs: r?.lastDurationMs ?? null,
      lastResult: r?.lastResult ?? null,
      lastError: r?.lastError ?? null,
      lastErrorAt: iso(r?.lastErrorAt ?? null),
      failing: !!r?.lastErrorAt && (!r.lastFinishedAt || r.lastErrorAt > r.lastFinishedAt),
    };
  });
}
