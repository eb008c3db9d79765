import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AllTimeSection } from "@/components/dashboard/all-time-section";
import type { DashboardStats } from "@/lib/dashboard/types";

const mockRefresh = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: mockRefresh, back: jest.fn(), prefetch: jest.fn() }),
}));

const STATS: DashboardStats = {
  weeklySignups: 2,
  weeklyPointsEarned: 84,
  weeklyVoucherValue: 800,
  totalCustomers: 6,
  activeCustomers: 4,
  totalPointsEarned: 250_000,
  totalTransactionValue: 157.5,
  pointsBurned: 0,
  pointsToClaim: 450,
  vouchersValue: 1550,
  vouchersRedeemed: 12_345_600,
  weekStart: "2026-06-10T23:00:00.000Z",
  activeSince: "2026-03-17T12:00:00.000Z",
};

const tile = (key: string) => within(screen.getByTestId(`tile-${key}`));

describe("all-time tiles", () => {
  it("shows the 8 tiles with the spec's formats and badges", () => {
    render(<AllTimeSection read={{ data: STATS }} />);
    const labels = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(labels).toEqual(["total signups", "active customers", "points earned", "transaction value", "points burned", "points to claim", "vouchers raised", "vouchers redeemed"]);

    expect(tile("totalSignups").getByText("6")).toBeInTheDocument();
    expect(tile("totalSignups").getByText("party time")).toBeInTheDocument();
    expect(tile("activeCustomers").getByText("strong")).toBeInTheDocument();
    // transaction value: 2 decimals; over £50 is 'sales flowing'
    expect(tile("transactionValue").getByText("£157.50")).toBeInTheDocument();
    expect(tile("transactionValue").getByText("sales flowing")).toBeInTheDocument();
    // compact from 100,000
    expect(tile("pointsEarned").getByText("250K")).toBeInTheDocument();
    expect(tile("pointsToClaim").getByText("450")).toBeInTheDocument();
    // voucher values: whole pounds from pence; compact from £100,000
    expect(tile("vouchersRaised").getByText("£16")).toBeInTheDocument();
    expect(tile("vouchersRedeemed").getByText("£123.5K")).toBeInTheDocument();
    expect(tile("pointsBurned").getByText("first reward ahead")).toBeInTheDocument();
  });

  it("uses the lower badges for a new business", () => {
    render(<AllTimeSection read={{ data: { ...STATS, totalCustomers: 1, activeCustomers: 3, totalTransactionValue: 50 } }} />);
    expect(tile("totalSignups").getByText("get started")).toBeInTheDocument();
    expect(tile("activeCustomers").queryByText("strong")).not.toBeInTheDocument();
    expect(tile("transactionValue").queryByText("sales flowing")).not.toBeInTheDocument();
  });

  it("each info toggle shows and hides its explanation", async () => {
    render(<AllTimeSection read={{ data: STATS }} />);
    const toggle = screen.getByRole("button", { name: "about active customers" });
    const explanation = tile("activeCustomers").getByText(/engaged in the last 3 months/);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(explanation).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(explanation).toBeVisible();
    expect(toggle).toHaveAttribute("aria-controls", explanation.id);
    await userEvent.click(toggle);
    expect(explanation).not.toBeVisible();
    // the other tiles' explanations stay closed
    expect(screen.getAllByRole("button", { name: /^about / }).filter((b) => b.getAttribute("aria-expanded") === "true")).toHaveLength(0);
  });

  it("shows a skeleton while pending and a readable error on failure", async () => {
    const { rerender } = render(<AllTimeSection read={undefined} />);
    expect(screen.getByLabelText("loading your figures")).toHaveAttribute("aria-busy", "true");
    // The server's read failed with the message the route would have sent (a 500's).
    rerender(<AllTimeSection read={{ error: "Something went wrong on our side. Please try again." }} />);
    expect(screen.getByRole("alert")).toHaveTextContent("we couldn't load your figures");
    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong on our side. Please try again.");
    // "try again" renders the page's server parts again, which reads the figures anew.
    await userEvent.click(screen.getByRole("button", { name: "try again" }));
    expect(mockRefresh).toHaveBeenCalled();
  });
});
