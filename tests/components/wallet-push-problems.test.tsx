import { screen, within } from "@testing-library/react";
import { LoyaltyCardMonitor } from "@/components/admin/loyalty-card-monitor";
import { installDomShims, installRouteFetch } from "./account-route-fetch";
import { renderWithClient } from "../helpers/render-with-client";

// Issue 18: a configuration error APNs or Google keeps answering shows on the super admin's
// wallet-pass monitor, above the card table.

beforeAll(() => installDomShims());

const stats = { totalPasses: 2, successfulPasses: 2, fallbackPasses: 0, failedPasses: 0, activeBusinesses: 1, integrations: { apple: true, google: true, sms: false, email: false, stripe: false } };
const problem = {
  provider: "apple",
  status: 400,
  reason: "DeviceTokenNotForTopic",
  message: "APNs 400 DeviceTokenNotForTopic",
  occurrences: 7,
  firstSeenAt: "2026-11-25T10:00:00Z",
  lastSeenAt: "2026-11-25T11:00:00Z",
  cardsWaiting: 3,
};

function show(problems: unknown[]) {
  installRouteFetch({
    "GET /api/admin/make-stats": { status: 200, body: stats },
    "GET /api/admin/businesses": { status: 200, body: [] },
    "GET /api/admin/loyalty-cards": { status: 200, body: [] },
    "GET /api/admin/wallet-push-problems": { status: 200, body: problems },
  });
  renderWithClient(<LoyaltyCardMonitor />, { toast: false });
}

describe("wallet push configuration errors on the monitor", () => {
  it("lists each open configuration error with its wallet, reason, count and waiting cards", async () => {
    show([problem]);
    const panel = await screen.findByRole("alert", { name: "Wallet push configuration errors" });
    expect(within(panel).getByText("Apple Wallet (APNs): 400 DeviceTokenNotForTopic")).toBeInTheDocument();
    expect(within(panel).getByText("APNs 400 DeviceTokenNotForTopic")).toBeInTheDocument();
    expect(within(panel).getByText(/7 times since .* 3 cards waiting/)).toBeInTheDocument();
  });

  it("shows nothing when there is none", async () => {
    show([]);
    expect(await screen.findByText("Apple Wallet: Configured")).toBeInTheDocument();
    expect(screen.queryByRole("alert", { name: "Wallet push configuration errors" })).not.toBeInTheDocument();
  });
});
