import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DashboardBody, DashboardPage } from "@/components/dashboard/dashboard-page";
import type { DashboardStart, DashboardStats, WeeklyStats } from "@/lib/dashboard/types";
import { installFakeFetch } from "../helpers/fake-fetch";
import { renderWithClient } from "../helpers/render-with-client";

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: mockPush, replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => "/dashboard",
  useSearchParams: () => new URLSearchParams(),
}));

if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
}

const STATS: DashboardStats = {
  weeklySignups: 3,
  weeklyPointsEarned: 1234,
  weeklyVoucherValue: 2550,
  totalCustomers: 12,
  activeCustomers: 9,
  totalPointsEarned: 5400,
  totalTransactionValue: 812.4,
  pointsBurned: 300,
  pointsToClaim: 5100,
  vouchersValue: 10_000,
  vouchersRedeemed: 1500,
  weekStart: "2026-06-10T23:00:00.000Z",
  activeSince: "2026-03-17T12:00:00.000Z",
};
const EMPTY_STATS: DashboardStats = { ...STATS, weeklySignups: 0, weeklyPointsEarned: 0, weeklyVoucherValue: 0, totalCustomers: 0, activeCustomers: 0, totalPointsEarned: 0, totalTransactionValue: 0, pointsBurned: 0, pointsToClaim: 0, vouchersValue: 0, vouchersRedeemed: 0 };
const day = (date: string, transactions: number, revenue: number) => ({ date, signups: 0, transactions, revenue, pointsEarned: 0 });
const WEEKLY: WeeklyStats = {
  days: [day("2026-06-11", 1, 400), day("2026-06-12", 0, 0), day("2026-06-13", 2, 1250), day("2026-06-14", 0, 0), day("2026-06-15", 0, 0), day("2026-06-16", 4, 7000), day("2026-06-17", 1, 1000)],
  totals: { signups: 2, transactions: 8, revenue: 9650, pointsEarned: 84 },
};

/** The page with every read the server made for it (lib/dashboard/get-dashboard-start.ts). */
function renderPage(opts: { stats?: DashboardStats; usage?: { isAtLimit: boolean; subscriptionStatus: string; customersUsed: number; customersLimit: number | null } } = {}) {
  const usage = opts.usage ?? { isAtLimit: false, subscriptionStatus: "pro_starter", customersUsed: 0, customersLimit: 10 };
  const start: DashboardStart = {
    stats: { data: opts.stats ?? STATS },
    weekly: { data: WEEKLY },
    impact: { data: { totalCustomers: 12, activeCards: 11, revenueImpact: 512.3, returningCustomers: 5 } },
    moneyMakers: { data: [] },
    superFans: { data: [] },
    recent: { data: [] },
    usage: { data: usage },
    plan: { subscriptionStatus: usage.subscriptionStatus, paymentFailedAt: null, customersUsed: usage.customersUsed, customersLimit: usage.customersLimit, downgrade: null, trial: null },
  };
  return renderWithClient(
    <DashboardPage businessName="The Daily Grind" initialHour={9}>
      <DashboardBody start={start} />
    </DashboardPage>,
    { toast: false },
  );
}

describe("dashboard page", () => {
  beforeEach(() => {
    mockPush.mockReset();
    installFakeFetch();
  });

  it("greets the business and shows the three action cards with their 7-day figures", async () => {
    renderPage();
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(/^good (morning|afternoon|evening), The Daily Grind$/);
    const add = screen.getByRole("button", { name: /add customers/ });
    expect(add).toHaveTextContent("3sign-ups in the last 7 days");
    expect(screen.getByRole("button", { name: /process transactions/ })).toHaveTextContent("1,234points earned in the last 7 days");
    // voucher value in whole pounds from pence
    expect(screen.getByRole("button", { name: /create vouchers/ })).toHaveTextContent("£26voucher value created in the last 7 days");
    expect(screen.queryByText("add your first customer")).not.toBeInTheDocument();
  });

  it("with customers, each card's dialog starts its own flow or dismisses", async () => {
    renderPage();
    await userEvent.click(screen.getByRole("button", { name: /process transactions/ }));
    let dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("process a transaction?")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "not now" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(mockPush).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: /process transactions/ }));
    dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "process transaction" }));
    expect(mockPush).toHaveBeenCalledWith("/transactions?add=1");

    await userEvent.click(screen.getByRole("button", { name: /create vouchers/ }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "create voucher" }));
    expect(mockPush).toHaveBeenLastCalledWith("/vouchers?create=1");

    await userEvent.click(screen.getByRole("button", { name: /add customers/ }));
    const addDialog = await screen.findByRole("alertdialog");
    expect(within(addDialog).getByText("add a new customer?")).toBeInTheDocument();
    await userEvent.click(within(addDialog).getByRole("button", { name: "add customer" }));
    expect(mockPush).toHaveBeenLastCalledWith("/customers?add=1");
  });

  it("with no customers yet, the dialogs say so and lead to adding the first customer", async () => {
    renderPage({ stats: EMPTY_STATS });
    await userEvent.click(screen.getByRole("button", { name: /create vouchers/ }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("add your first customer first")).toBeInTheDocument();
    expect(within(dialog).getByText(/^vouchers belong to customers/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "add first customer" }));
    expect(mockPush).toHaveBeenCalledWith("/customers?add=1");
  });

  it("the add-first-customer card starts the add-customer flow", async () => {
    renderPage({ stats: EMPTY_STATS });
    const card = screen.getByText("add your first customer").closest("[data-slot=card]") as HTMLElement;
    await userEvent.click(within(card).getByRole("button", { name: "add first customer" }));
    expect(mockPush).toHaveBeenCalledWith("/customers?add=1");
  });

  it("disables the add-first-customer card when the starter plan is full", () => {
    renderPage({ stats: EMPTY_STATS, usage: { isAtLimit: true, subscriptionStatus: "pro_starter", customersUsed: 10, customersLimit: 10 } });
    expect(screen.getByRole("button", { name: "customer limit reached" })).toBeDisabled();
  });

  it("draws the week as an accessible chart whose numbers are also text", async () => {
    renderPage();
    const chart = screen.getByRole("img", { name: /^transactions per day, last 7 days:/ });
    expect(chart).toHaveAccessibleName(
      "transactions per day, last 7 days: Thu 11 Jun 1, Fri 12 Jun 0, Sat 13 Jun 2, Sun 14 Jun 0, Mon 15 Jun 0, Tue 16 Jun 4, Wed 17 Jun 1. total 8.",
    );
    expect(within(screen.getByTestId("bar-2026-06-16")).getByText("4")).toBeInTheDocument();
    expect(screen.getByText("£96.50")).toBeInTheDocument(); // the week's revenue total
    await userEvent.click(screen.getByRole("button", { name: "revenue" }));
    expect(screen.getByRole("button", { name: "revenue" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("img", { name: /^revenue per day/ })).toHaveAccessibleName(expect.stringContaining("Sat 13 Jun £12.50"));
  });

  it("while the server reads the figures: the greeting, then every section's skeleton", () => {
    renderWithClient(
      <DashboardPage businessName="The Daily Grind" initialHour={9}>
        <DashboardBody />
      </DashboardPage>,
      { toast: false },
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^good (morning|afternoon|evening), The Daily Grind$/);
    expect(screen.getByLabelText("loading your figures")).toHaveAttribute("aria-busy", "true");
    expect(screen.getByLabelText("loading this week's figures")).toHaveAttribute("aria-busy", "true");
    expect(screen.getByLabelText("loading your impact")).toHaveAttribute("aria-busy", "true");
    expect(screen.getByLabelText("loading money makers")).toBeInTheDocument();
    expect(screen.getByLabelText("loading newest members")).toBeInTheDocument();
  });

  it("asks the API for none of its figures (they come with the page)", () => {
    const fetchMock = installFakeFetch();
    renderPage();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows impact stats and the empty hall of fame", () => {
    renderPage();
    expect(screen.getByText("£512.30")).toBeInTheDocument();
    expect(screen.getByText(/no money makers yet/)).toBeInTheDocument();
    expect(screen.getByText(/no super fans yet/)).toBeInTheDocument();
    expect(screen.getByText(/no customers yet/)).toBeInTheDocument();
  });
});
