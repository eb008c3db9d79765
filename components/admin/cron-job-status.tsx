"use client";

import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { CronJobStatus } from "@/lib/cron/list-cron-jobs";
import { formatDateTime } from "@/lib/rules/format";
import { AdminSection, LoadingRows, useAdminQuery } from "@/components/admin/admin-ui";

function status(job: CronJobStatus): { label: string; variant: "success" | "destructive" | "secondary" | "warning" } {
  if (job.running) return { label: "Running", variant: "warning" };
  if (job.failing) return { label: "Failed", variant: "destructive" };
  if (job.lastFinishedAt) return { label: "OK", variant: "success" };
  return { label: "Never run", variant: "secondary" };
}

/** Scheduled jobs (issue 22): each job's schedule, last run and duration, and its last error. */
export function CronJobStatusPanel() {
  const jobs = useAdminQuery<CronJobStatus[]>(queryKeys.adminCronJobs, { refetchInterval: 60_000 });
  return (
    <AdminSection id="cron-jobs" title="scheduled jobs" description="Last run and last error of each cron job (times in UK time).">
      {jobs.isPending ? (
        <LoadingRows rows={4} />
      ) : jobs.isError ? (
        <p className="text-sm text-destructive">{errorMessage(jobs.error)}</p>
      ) : (
        <div className="overflow-x-auto">
          <Table>
            <TableColumns columns={["Job", "Schedule", "Status", "Last run", "Duration", "Last error"]} />
            <TableBody>
              {(jobs.data ?? []).map((job) => {
                const s = status(job);
                return (
                  <TableRow key={job.name}>
                    <TableCell className="font-medium">{job.name}</TableCell>
                    <TableCell className="font-mono text-xs">{job.schedule}</TableCell>
                    <TableCell>
                      <Badge variant={s.variant}>{s.label}</Badge>
                    </TableCell>
                    <TableCell>{job.lastStartedAt ? formatDateTime(job.lastStartedAt) : "never"}</TableCell>
                    <TableCell>{job.lastDurationMs === null ? "-" : `${(job.lastDurationMs / 1000).toFixed(1)} s`}</TableCell>
                    <TableCell className="max-w-xs text-xs">
                      {job.lastError ? (
                        <span className={job.failing ? "text-destructive" : "text-muted-foreground"}>
                          {job.lastErrorAt ? `${formatDateTime(job.lastErrorAt)}: ` : ""}
                          <span className="break-words">{job.lastError}</span>
                        </span>
                      ) : (
                        "none"
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
    </AdminSection>
  );
}
