import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { TransactionHub, SEARCH_DEBOUNCE_MS } from "@/components/transactions/transaction-hub";
import { TRANSACTION_EXPLAINER_KEY } from "@/components/transactions/transaction-explainer";
import { TRANSACTIONS_PAGE_SIZE } from "@/components/transactions/transaction-queries";
import { callsTo, customer, polyfillRadix, renderWithClient, routeFetch, transaction, voucher, type Route } from "./transaction-fixtures";
import { navigation } from "../helpers/next-navigation";
import { expectTexts } from "../helpers/screen-checks";

jest.mock("next/navigation", () => jest.requireActual("../helpers/next-navigation").nextNavigation);
const mockReplace = navigation.router.replace;
navigation.pathname = "/transactions";

polyfillRadix();

const alice = { id: 1, name: "Alice Archer", email: "alice@example.com", membershipNumber: "10000001", totalPoints: 120 };
const bob = { id: 2, name: "Bob Baker", email: "bob@example.com", membershipNumber: "10000002", totalPoints: 40 };

const rows = [
  transaction(6, { customer: alice, type: "purchase", amount: "12.5", pointsEarned: 12, promoCode: "SPRING", discountAmount: "1.25" }),
  transaction(5, { customer: bob, type: "points_redemption", amount: "1.00", pointsEarned: 0, pointsRedeemed: 100, promoCode: "OLDIE" }),
  transaction(4, { customer: alice, type: "bonus_points", amount: "0.00", pointsEarned: 50, promoCode: "LIVE1" }),
  transaction(3, { customer: bob, type: "points_adjustment", amount: "0.00", pointsEarned: 0, pointsRedeemed: 0, promoCode: "GONE" }),
  transaction(2, { customer: alice, type: "gift_points", amount: "0.00", pointsEarned: 0, pointsRedeemed: 30, recipientCustomerId: 2, recipient: { id: 2, name: "Bob Baker" } }),
];
const vouchers = [
  voucher(1, { promoCode: "OLDIE", customerId: 2, expiresAt: "2020-01-01T00:00:00.000Z" }),
  voucher(2, { promoCode: "LIVE1", customerId: 1 }),
];

const baseRoutes = (list: unknown = rows, promos: Route[2] = { status: 200, body: vouchers }): Route[] => [
  ["GET", "/api/transactions", { status: 200, body: list }],
  ["GET", "/api/promos", promos],
  ["GET", "/api/customers", { status: 200, body: [customer(1, { name: "Alice Archer" }), customer(2, { name: "Bob Baker" })] }],
];

beforeEach(() => {
  navigation.search = "";
  mockReplace.mockReset();
  window.sessionStorage.clear();
});
afterEach(() => {
  act(() => dismiss());
  jest.useRealTimers();
});

describe("transaction hub", () => {
  it("shows a 10-row skeleton, then every column with the spec's formats and promo rules", async () => {
    const fetch = routeFetch(baseRoutes());
    renderWithClient(<TransactionHub />);
    expect(screen.getByRole("heading", { name: "transaction hub" })).toBeInTheDocument();
    expect(screen.getAllByTestId("transaction-skeleton-row")).toHaveLength(10);

    const table = await screen.findByRole("table");
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(rows.length + 1));
    for (const name of ["Customer", "Type", "Amount", "Points", "Promo", "Date/time", "Actions"]) {
      expect(within(table).getByRole("columnheader", { name })).toBeInTheDocument();
    }
    const [, first, second, third, fourth, fifth] = within(table).getAllByRole("row");
    // purchase with a discount: redeemed badge; +points in green; £ with 2 decimals; en-GB dates
    expect(within(first).getByText("purchase")).toBeInTheDocument();
    expect(within(first).getByText("£12.50")).toBeInTheDocument();
    expect(within(first).getByText("+12")).toHaveClass("text-success");
    expect(within(first).getByText("redeemed")).toBeInTheDocument();
    expect(within(first).getByText("14/03/2026")).toBeInTheDocument();
    expect(within(first).getByText("14/03/2026, 10:05")).toBeInTheDocument();
    // redemption: -points in red; voucher past expiry
    expect(within(second).getByText("points redemption")).toBeInTheDocument();
    expect(within(second).getByText("-100")).toHaveClass("text-destructive");
    await waitFor(() => expect(within(second).getByText("expired")).toBeInTheDocument());
    // live voucher: the code itself
    expect(within(third).getByText("LIVE1")).toBeInTheDocument();
    expect(within(third).getByText("+50")).toBeInTheDocument();
    // no such voucher any more; zero points
    expectTexts(["deleted", "0", "points adjustment"], within(fourth));
    // no promo code: '-'; a gift names its recipient
    expectTexts(["-", "to Bob Baker"], within(fifth));
    expect(within(first).getByRole("button", { name: "edit transaction for Alice Archer" })).toBeInTheDocument();
    expect(within(first).getByRole("button", { name: "delete transaction for Alice Archer" })).toBeInTheDocument();

    const list = callsTo(fetch, "GET", "/api/transactions");
    expect(list).toHaveLength(1);
    expect(list[0].url.searchParams.get("q")).toBeNull();
    expect(list[0].url.searchParams.get("before")).toBeNull();
    // Issue 23: the promo column asks for the codes (and customers) on screen, not the whole voucher list.
    const promos = callsTo(fetch, "GET", "/api/promos");
    expect(promos).toHaveLength(1);
    expect(promos[0].url.searchParams.get("codes")).toBe("GONE,LIVE1,OLDIE,SPRING");
    expect(promos[0].url.searchParams.get("customerIds")).toBe("1,2");
  });

  it("shows promo codes without a status when the vouchers list fails", async () => {
    routeFetch(baseRoutes(rows, { status: 500, body: { message: "boom" } }));
    renderWithClient(<TransactionHub />);
    await screen.findByRole("table");
    await waitFor(() => expect(screen.getByText("OLDIE")).toBeInTheDocument());
    expect(screen.getByText("GONE")).toBeInTheDocument();
    expect(screen.getByText("redeemed")).toBeInTheDocument();
  });

  it("shows the empty state", async () => {
    routeFetch(baseRoutes([]));
    renderWithClient(<TransactionHub />);
    expect(await screen.findByText("no transactions found")).toBeInTheDocument();
  });

  it("searches on the server with ?q= after the debounce, keeping the previous rows on screen meanwhile", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let release: (() => void) | null = null;
    const fetch = routeFetch([
      [
        "GET",
        "/api/transactions",
        (url) =>
          url.searchParams.get("q")
            ? new Promise((resolve) => {
                release = () => resolve({ status: 200, body: [rows[1]] });
              })
            : { status: 200, body: rows },
      ],
      ...baseRoutes().slice(1),
    ]);
    renderWithClient(<TransactionHub />);
    await screen.findByText("points redemption");

    await user.type(screen.getByRole("searchbox", { name: "search transactions" }), "bob");
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(callsTo(fetch, "GET", "/api/transactions")).toHaveLength(1);

    act(() => jest.advanceTimersByTime(100));
    await waitFor(() => expect(callsTo(fetch, "GET", "/api/transactions")).toHaveLength(2));
    const searched = callsTo(fetch, "GET", "/api/transactions")[1].url;
    expect(searched.searchParams.get("q")).toBe("bob");
    // One request for the whole word, not one per keystroke; the old rows stay while it loads.
    expect(callsTo(fetch, "GET", "/api/transactions").filter((c) => c.url.searchParams.get("q"))).toHaveLength(1);
    expect(screen.getAllByRole("row")).toHaveLength(rows.length + 1);
    expect(screen.getByText("searching...")).toBeInTheDocument();

    await act(async () => release?.());
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
    expect(screen.getByText("Bob Baker", { selector: "td p" })).toBeInTheDocument();
  });

  it("loads the next page with ?before= the last id", async () => {
    const user = userEvent.setup();
    const page1 = Array.from({ length: TRANSACTIONS_PAGE_SIZE }, (_, i) => transaction(1000 - i, { customer: alice }));
    const page2 = [transaction(5, { customer: bob, description: "the oldest one" })];
    const fetch = routeFetch([
      ["GET", "/api/transactions", (url) => ({ status: 200, body: url.searchParams.get("before") ? page2 : page1 })],
      ...baseRoutes().slice(1),
    ]);
    renderWithClient(<TransactionHub />);
    await user.click(await screen.findByRole("button", { name: "load more" }));
    expect(await screen.findByText("the oldest one")).toBeInTheDocument();
    const calls = callsTo(fetch, "GET", "/api/transactions");
    expect(calls[1].url.searchParams.get("before")).toBe(String(1000 - TRANSACTIONS_PAGE_SIZE + 1));
    expect(screen.getAllByRole("row")).toHaveLength(TRANSACTIONS_PAGE_SIZE + 2);
    // A short page means there is nothing older.
    expect(screen.queryByRole("button", { name: "load more" })).not.toBeInTheDocument();
  });

  it("remembers the explanation's open state for the session", async () => {
    const user = userEvent.setup();
    routeFetch(baseRoutes());
    renderWithClient(<TransactionHub />);
    const trigger = screen.getByRole("button", { name: "how transactions work" });
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    await user.click(trigger);
    expect(trigger).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(/some actions need mobile or password confirmation/)).toBeInTheDocument();
    expect(screen.getByText("points redemption", { selector: "strong" })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(TRANSACTION_EXPLAINER_KEY)).toBe("1");
  });

  it("?add=1&customerId= opens the Process Transaction dialog with the customer chosen, and clears the URL on close", async () => {
    const user = userEvent.setup();
    navigation.search = "add=1&customerId=2";
    routeFetch(baseRoutes());
    renderWithClient(<TransactionHub />);
    const dialog = await screen.findByRole("dialog", { name: "process transaction" });
    expect(await within(dialog).findByText("Bob Baker")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "change" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(mockReplace).toHaveBeenCalledWith("/transactions");
  });

  it("'add transaction' opens the dialog with no customer chosen", async () => {
    const user = userEvent.setup();
    routeFetch(baseRoutes());
    renderWithClient(<TransactionHub />);
    await user.click(screen.getByRole("button", { name: "add transaction" }));
    const dialog = await screen.findByRole("dialog", { name: "process transaction" });
    expect(within(dialog).getByRole("searchbox", { name: "search customer" })).toBeInTheDocument();
  });
});
