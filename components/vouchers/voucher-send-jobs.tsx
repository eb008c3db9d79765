"use client";

import { useEffect, useRef } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { Progress } from "@/components/ui/progress";
import { SectionCard } from "@/components/ui/section-card";
import { queryKeys } from "@/lib/client/query-keys";
import { invalidateAfterVoucherChange } from "@/components/vouchers/voucher-queries";
import type { VoucherSendJobDto } from "@/lib/vouchers/voucher-send-job-dto";

// Issue 23: the voucher hub's sends in progress (and those finished in the last day). Everything
// shown comes from the server (GET /api/vouchers/jobs), so a reload or another device shows the
// same progress; the list is polled while a send is still running, and when one finishes the
// voucher lists are read again.

export const VOUCHER_JOBS_POLL_MS = 1500;

const isOpen = (j: VoucherSendJobDto) => j.status === "queued" || j.status === "running";
const n = (v: number) => v.toLocaleString("en-GB");

export function useVoucherSendJobs() {
  return useQuery<VoucherSendJobDto[]>({
    queryKey: queryKeys.voucherJobs,
    staleTime: 0,
    refetchInterval: (q) => ((q.state.data ?? []).some(isOpen) ? VOUCHER_JOBS_POLL_MS : false),
  });
}

/** "sending: 1,200 of 20,000 (3 skipped)" / "sent to 19,990 of 20,000 customers, 10 skipped". */
export function jobProgressText(j: VoucherSendJobDto): string {
  const extra = [j.skipped && `${n(j.skipped)} skipped`, j.failed && `${n(j.failed)} failed`].filter(Boolean).join(", ");
  if (j.status === "queued") return `waiting to start: ${n(j.total)} customer${j.total === 1 ? "" : "s"}`;
  if (isOpen(j)) return `sending: ${n(j.processed)} of ${n(j.total)}${extra ? ` (${extra})` : ""}`;
  return `sent to ${n(j.sent)} of ${n(j.total)} customer${j.total === 1 ? "" : "s"}${extra ? `, ${extra}` : ""}`;
}

export function VoucherSendJobs() {
  const queryClient = useQueryClient();
  const jobs = useVoucherSendJobs();
  const list = jobs.data ?? [];
  const openCount = list.filter(isOpen).length;
  // A send that finished since the last poll: its vouchers are in the lists now.
  const lastOpen = useRef(openCount);
  useEffect(() => {
    if (openCount < lastOpen.current) void invalidateAfterVoucherChange(queryClient);
    lastOpen.current = openCount;
  }, [openCount, queryClient]);

  if (list.length === 0) return null;
  return (
    <SectionCard icon={<Send aria-hidden className="size-5" />} title="sending vouchers" description="large sends carry on in the background; you can leave this page.">
      <ul className="space-y-4">
        {list.map((j) => {
          const labelId = `voucher-job-${j.id}`;
          return (
            <li key={j.id} className="space-y-1.5">
              <p id={labelId} className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="min-w-0 truncate font-medium">
                  {j.title} <span className="font-mono text-xs text-muted-foreground">{j.promoCode}</span>
                </span>
                <span className="text-muted-foreground">{jobProgressText(j)}</span>
              </p>
              <Progress aria-labelledby={labelId} value={j.processed} max={Math.max(j.total, 1)} />
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}
