import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { InsightsPage, type Insights } from "@/components/insights/insights-page";
import { installRouteFetch } from "./account-route-fetch";

// Issue 25: the Insights page says when its snapshot was computed (UK time) and offers a refresh,
// which the server allows once per 5 minutes (its 429 message is shown).
// Issue 23: the page is drawn on the server from the snapshot read (a promise, streamed in); a
// refresh posts and then renders the server parts again (router.refresh), which read the new one.

const mockRefresh = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: mockRefresh, back: jest.fn(), prefetch: jest.fn() }),
}));

const insights = (computedAt: string, members: number): Insights => ({
  computedAt, members, redemptionRate: 0.25,
  returnRates: [{ days: 30, eligible: 2, returned: 1, rate: 0.5 }],
  averageVisitsPerMember: 2, averageSpendPerMemberPounds: 10, revenueFromMembersPounds: 20, pointsLiabilityPounds: 1,
  cohorts: [], automationEffects: [],
});

beforeEach(() => mockRefresh.mockReset());

/** Renders in an awaited act: the page suspends on its read (use), which React resolves only then. */
async function renderPage(read: Promise<Insights | null>) {
  let result: ReturnType<typeof render> | undefined;
  await act(async () => {
    result = render(<InsightsPage read={read} />);
  });
  return result!;
}

it("shows when the numbers were computed and refreshes them on request", async () => {
  const { callsTo } = installRouteFetch({ "POST /api/insights/refresh": { status: 200, body: insights("2026-06-10T14:05:00.000Z", 4) } });
  const { rerender } = await renderPage(Promise.resolve(insights("2026-06-10T12:00:00.000Z", 3)));
  // 12:00 UTC is 13:00 in British Summer Time
  expect(await screen.findByText("updated 10/06/2026, 13:00 (UK)")).toBeInTheDocument();
  expect(screen.getByText("3 members")).toBeInTheDocument();
  // The server's parts render again with the new snapshot (what router.refresh does in the app).
  let rendered: (() => void) | undefined;
  mockRefresh.mockImplementation(() => {
    rendered = () => rerender(<InsightsPage read={Promise.resolve(insights("2026-06-10T14:05:00.000Z", 4))} />);
  });
  await userEvent.click(screen.getByRole("button", { name: "Refresh" }));
  expect(callsTo("POST", "/api/insights/refresh")).toHaveLength(1);
  expect(mockRefresh).toHaveBeenCalledTimes(1);
  await act(async () => rendered?.());
  expect(await screen.findByText("updated 10/06/2026, 15:05 (UK)")).toBeInTheDocument();
  expect(screen.getByText("4 members")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Refresh" })).toBeEnabled();
});

it("shows the server's message when a refresh comes too soon", async () => {
  installRouteFetch({
    "POST /api/insights/refresh": { status: 429, body: { error: { code: "rate_limited", message: "The insights can be refreshed once every 5 minutes. Please try again in 4 minutes." } } },
  });
  await renderPage(Promise.resolve(insights("2026-01-10T12:00:00.000Z", 3)));
  expect(await screen.findByText("updated 10/01/2026, 12:00 (UK)")).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Refresh" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("The insights can be refreshed once every 5 minutes. Please try again in 4 minutes.");
  expect(screen.getByText("updated 10/01/2026, 12:00 (UK)")).toBeInTheDocument();
  expect(mockRefresh).not.toHaveBeenCalled();
});

it("shows the loading line until the snapshot is read, and says so when it could not be", async () => {
  let answer: (value: Insights | null) => void = () => {};
  await renderPage(new Promise((resolve) => (answer = resolve)));
  expect(screen.getByRole("heading", { name: "insights" })).toBeInTheDocument();
  expect(screen.getByText("Loading...")).toBeInTheDocument();
  await act(async () => answer(null));
  expect(await screen.findByRole("alert")).toHaveTextContent("Could not load the insights.");
  expect(screen.queryByRole("button", { name: "Refresh" })).not.toBeInTheDocument();
});
