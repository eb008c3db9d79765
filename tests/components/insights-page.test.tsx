import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { InsightsPage } from "@/components/insights/insights-page";
import { installRouteFetch } from "./account-route-fetch";

// Issue 25: the Insights page says when its snapshot was computed (UK time) and offers a refresh,
// which the server allows once per 5 minutes (its 429 message is shown).

const insights = (computedAt: string, members: number) => ({
  computedAt, asOf: computedAt, members, redemptionRate: 0.25, pointsIssued: 100, pointsRedeemed: 25,
  returnRates: [{ days: 30, eligible: 2, returned: 1, rate: 0.5 }],
  averageVisitsPerMember: 2, averageSpendPerMemberPounds: 10, revenueFromMembersPounds: 20, pointsLiabilityPounds: 1,
  cohorts: [], automationEffects: [],
});

const renderPage = () =>
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <InsightsPage />
    </QueryClientProvider>,
  );

it("shows when the numbers were computed and refreshes them on request", async () => {
  const { callsTo } = installRouteFetch({
    "GET /api/insights": { status: 200, body: insights("2026-06-10T12:00:00.000Z", 3) },
    "POST /api/insights/refresh": { status: 200, body: insights("2026-06-10T14:05:00.000Z", 4) },
  });
  renderPage();
  // 12:00 UTC is 13:00 in British Summer Time
  expect(await screen.findByText("updated 10/06/2026, 13:00 (UK)")).toBeInTheDocument();
  expect(screen.getByText("3 members")).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Refresh" }));
  expect(await screen.findByText("updated 10/06/2026, 15:05 (UK)")).toBeInTheDocument();
  expect(screen.getByText("4 members")).toBeInTheDocument();
  expect(callsTo("POST", "/api/insights/refresh")).toHaveLength(1);
});

it("shows the server's message when a refresh comes too soon", async () => {
  installRouteFetch({
    "GET /api/insights": { status: 200, body: insights("2026-01-10T12:00:00.000Z", 3) },
    "POST /api/insights/refresh": { status: 429, body: { error: { code: "rate_limited", message: "The insights can be refreshed once every 5 minutes. Please try again in 4 minutes." } } },
  });
  renderPage();
  expect(await screen.findByText("updated 10/01/2026, 12:00 (UK)")).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Refresh" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("The insights can be refreshed once every 5 minutes. Please try again in 4 minutes.");
  expect(screen.getByText("updated 10/01/2026, 12:00 (UK)")).toBeInTheDocument();
});
