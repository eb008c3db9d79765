import { screen, waitFor } from "@testing-library/react";
import { VoucherSendJobs, VOUCHER_JOBS_POLL_MS } from "@/components/vouchers/voucher-send-jobs";
import type { VoucherSendJobDto } from "@/lib/vouchers/voucher-send-job-dto";
import { fakeResponse, installFakeFetch } from "../helpers/fake-fetch";
import { installDomShims } from "../helpers/dom-shims";
import { renderWithClient } from "../helpers/render-with-client";

// Issue 23: the voucher hub's progress bars for background sends. Their state is the server's:
// a remount with a fresh query client (a reload) shows the progress the server has reached, and
// the list is polled only while a send is running.

installDomShims();

function job(overrides: Partial<VoucherSendJobDto> = {}): VoucherSendJobDto {
  return {
    id: 7,
    batchId: "b7",
    title: "Winter warmer",
    promoCode: "WARM10",
    sendEmail: false,
    sendSms: true,
    status: "running",
    total: 20_000,
    sent: 1_190,
    skipped: 10,
    failed: 0,
    processed: 1_200,
    createdAt: "2026-11-26T00:00:00.000Z",
    startedAt: "2026-11-26T00:00:01.000Z",
    finishedAt: null,
    ...overrides,
  };
}

/** A stand-in server: GET /api/vouchers/jobs answers whatever `jobs` holds at the time. */
function server(initial: VoucherSendJobDto[]) {
  const state = { jobs: initial };
  const fetchMock = installFakeFetch();
  fetchMock.mockImplementation(async (url: string) => (url === "/api/vouchers/jobs" ? fakeResponse({ status: 200, body: state.jobs }) : fakeResponse({ status: 200, body: [] })));
  const jobCalls = () => fetchMock.mock.calls.filter(([url]) => url === "/api/vouchers/jobs").length;
  return { state, jobCalls };
}

const bar = () => screen.getByRole("progressbar", { name: /Winter warmer/ });
const poll = { timeout: VOUCHER_JOBS_POLL_MS * 3 };

describe("voucher send progress", () => {
  it("shows the server's progress, follows it while the send runs, and shows the same after a remount", async () => {
    const srv = server([job()]);
    const first = renderWithClient(<VoucherSendJobs />);
    expect(await screen.findByText("sending: 1,200 of 20,000 (10 skipped)")).toBeInTheDocument();
    expect(bar()).toHaveAttribute("aria-valuenow", "1200");
    expect(bar()).toHaveAttribute("aria-valuemax", "20000");

    srv.state.jobs = [job({ sent: 4_990, processed: 5_000 })];
    await waitFor(() => expect(bar()).toHaveAttribute("aria-valuenow", "5000"), poll);

    // A reload: nothing kept in the page; a new client reads the server's progress at once.
    first.unmount();
    srv.state.jobs = [job({ sent: 7_990, processed: 8_000 })];
    renderWithClient(<VoucherSendJobs />);
    expect(await screen.findByText("sending: 8,000 of 20,000 (10 skipped)")).toBeInTheDocument();
    expect(bar()).toHaveAttribute("aria-valuenow", "8000");

    // Finished: the bar is full, and the polling stops.
    srv.state.jobs = [job({ status: "done", sent: 19_990, processed: 20_000, finishedAt: "2026-11-26T00:03:00.000Z" })];
    expect(await screen.findByText("sent to 19,990 of 20,000 customers, 10 skipped", undefined, poll)).toBeInTheDocument();
    expect(bar()).toHaveAttribute("aria-valuenow", "20000");
    const calls = srv.jobCalls();
    await new Promise((r) => setTimeout(r, VOUCHER_JOBS_POLL_MS * 2));
    expect(srv.jobCalls()).toBe(calls);
  }, 20_000);

  it("shows nothing when the business has no recent sends, and a queued send as waiting", async () => {
    const srv = server([]);
    const { container, unmount } = renderWithClient(<VoucherSendJobs />, { toast: false });
    await waitFor(() => expect(srv.jobCalls()).toBe(1));
    expect(container).toBeEmptyDOMElement();
    unmount();

    srv.state.jobs = [job({ status: "queued", sent: 0, skipped: 0, processed: 0, total: 1 })];
    renderWithClient(<VoucherSendJobs />, { toast: false });
    expect(await screen.findByText("waiting to start: 1 customer")).toBeInTheDocument();
    expect(bar()).toHaveAttribute("aria-valuenow", "0");
  });
});
