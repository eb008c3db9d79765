import { render, screen, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { CronJobStatusPanel } from "@/components/admin/cron-job-status";
import type { CronJobStatus } from "@/lib/cron/list-cron-jobs";
import { installRouteFetch } from "./account-route-fetch";

// Issue 22 item 6: the super admin sees each scheduled job's last run and last error.

const job = (over: Partial<CronJobStatus>): CronJobStatus => ({
  name: "housekeeping", path: "/api/cron/housekeeping", schedule: "0 * * * *", running: false, lastStartedAt: null, lastFinishedAt: null,
  lastDurationMs: null, lastResult: null, lastError: null, lastErrorAt: null, failing: false, ...over,
});

it("lists every job with its status, last run, duration and last error", async () => {
  installRouteFetch({
    "GET /api/admin/cron-jobs": {
      status: 200,
      body: [
        job({ name: "billing", schedule: "30 * * * *", lastStartedAt: "2026-11-25T10:30:00Z", lastFinishedAt: "2026-11-25T10:30:01Z", lastDurationMs: 1234 }),
        job({ name: "wallet-push", lastStartedAt: "2026-11-25T10:35:00Z", lastError: "APNs refused the certificate", lastErrorAt: "2026-11-25T10:35:02Z", failing: true, lastDurationMs: 2000 }),
        job({ name: "expire-vouchers" }),
      ],
    },
  });
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <CronJobStatusPanel />
    </QueryClientProvider>,
  );
  const region = await screen.findByRole("region", { name: "scheduled jobs" });
  const row = (name: string) => within(region).getByRole("cell", { name }).closest("tr")!;
  expect(await within(region).findByRole("cell", { name: "billing" })).toBeInTheDocument();
  expect(within(row("billing")).getByText("OK")).toBeInTheDocument();
  expect(within(row("billing")).getByText("1.2 s")).toBeInTheDocument();
  expect(within(row("wallet-push")).getByText("Failed")).toBeInTheDocument();
  expect(within(row("wallet-push")).getByText("APNs refused the certificate")).toBeInTheDocument();
  expect(within(row("expire-vouchers")).getByText("Never run")).toBeInTheDocument();
  expect(within(row("expire-vouchers")).getByText("never")).toBeInTheDocument();
});
