import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { Toaster } from "@/components/ui/toaster";
import { StaffLoginForm } from "@/components/staff/staff-login-form";
import { StaffDashboard } from "@/components/staff/staff-dashboard";
import type { StaffCustomer, StaffTransaction } from "@/lib/staff/types";
import { callsTo, polyfillRadix, renderWithClient, routeFetch } from "./portal-fixtures";
import { retype } from "../helpers/form-steps";
import { expectToast } from "../helpers/screen-checks";

const mockPush = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: mockPush, replace: jest.fn(), refresh: jest.fn() }),
  useSearchParams: () => new URLSearchParams(""),
}));

polyfillRadix();

const alice: StaffCustomer = { id: 1, name: "Alice Archer", email: "alice@example.com", membershipNumber: "1000000001", pointsBalance: 120, lifetimeSpent: "64.50" };
const bob: StaffCustomer = { id: 2, name: "Bob Baker", email: "bob@cafe.test", membershipNumber: "2000000002", pointsBalance: 5, lifetimeSpent: "5.00" };
const tx = (id: number, type: string, amount: string, points: number): StaffTransaction => ({
  id, type, amount, pointsEarned: Math.max(points, 0), pointsRedeemed: Math.max(-points, 0), points, description: null, createdAt: "2026-02-14T10:00:00.000Z",
});

afterEach(() => {
  act(() => dismiss());
  mockPush.mockReset();
});

describe("StaffLoginForm", () => {
  it("shows the spec's messages for empty fields", async () => {
    const fetch = routeFetch([]);
    const user = userEvent.setup();
    renderWithClient(<StaffLoginForm />);
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Business ID is required")).toBeInTheDocument();
    expect(screen.getByText("Username is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the prefilled business ID as an integer and goes to the dashboard", async () => {
    const fetch = routeFetch([["POST", "/api/staff/login", { status: 200, body: { message: "Login successful" } }]]);
    const user = userEvent.setup();
    renderWithClient(<StaffLoginForm businessId="42" />);
    expect(screen.getByLabelText("Business ID")).toHaveValue(42);
    await user.type(screen.getByLabelText("Username"), "till1");
    await user.type(screen.getByLabelText("Password"), "secret-pass");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Login successful")).toBeInTheDocument();
    expect(screen.getByText("Welcome to the staff portal")).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/staff/login")).toEqual([{ businessId: 42, username: "till1", password: "secret-pass" }]);
    expect(mockPush).toHaveBeenCalledWith("/staff/dashboard");
  });

  it("shows 'Login failed' with the server's message", async () => {
    routeFetch([["POST", "/api/staff/login", { status: 401, body: { message: "Invalid business ID, username or password" } }]]);
    const user = userEvent.setup();
    renderWithClient(<StaffLoginForm businessId="42" />);
    await user.type(screen.getByLabelText("Username"), "till1");
    await user.type(screen.getByLabelText("Password"), "nope");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await expectToast("Login failed", "Invalid business ID, username or password");
    expect(mockPush).not.toHaveBeenCalled();
  });
});

describe("StaffDashboard", () => {
  const header = { username: "till1", businessName: "The Daily Grind", businessId: 42 };

  it("searches on the server after a pause in typing and reads more with 'Load more customers' (issue 23)", async () => {
    const fetch = routeFetch([
      ["GET", "/api/staff/customers?limit=50&cursor=1.Alice%20Archer", { status: 200, body: [bob] }],
      ["GET", "/api/staff/customers?limit=50&q=bob", { status: 200, body: [bob] }],
      ["GET", "/api/staff/customers?limit=50&q=zed", { status: 200, body: [] }],
      ["GET", "/api/staff/customers?limit=50", { status: 200, body: [alice, bob] }],
    ]);
    const user = userEvent.setup();
    renderWithClient(<StaffDashboard header={header} customers={{ customers: [alice], next: "1.Alice%20Archer" }} />);
    expect(screen.getByRole("button", { name: /Alice Archer/ })).toBeInTheDocument();
    expect(screen.queryByText("Bob Baker")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load more customers" }));
    expect(await screen.findByRole("button", { name: /Bob Baker/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Alice Archer/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more customers" })).not.toBeInTheDocument();

    const box = screen.getByRole("searchbox", { name: "Search customers by name, email or membership number" });
    await user.type(box, "bob");
    await waitFor(() => expect(screen.queryByText("Alice Archer")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: /Bob Baker/ })).toBeInTheDocument();
    // One request for the pause, not one a keystroke.
    expect(callsTo(fetch, "GET", /q=/)).toHaveLength(1);
    await retype(user, box, "zed");
    expect(await screen.findByText("No customers match your search.")).toBeInTheDocument();
    // Typed back before its pause ends: the search on screen stays, nothing is asked.
    await user.type(box, "x");
    await user.type(box, "{Backspace}");
    await new Promise((r) => setTimeout(r, 300));
    expect(callsTo(fetch, "GET", /q=zedx/)).toEqual([]);
    // Cleared: the whole list's first page again.
    await user.clear(box);
    expect(await screen.findByRole("button", { name: /Alice Archer/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Bob Baker/ })).toBeInTheDocument();
  });

  it("finds a customer, shows their panel and last transactions, and records a purchase", async () => {
    const fetch = routeFetch([
      ["GET", "/api/staff/customers?limit=50", { status: 200, body: [alice, bob] }],
      ["GET", "/api/staff/customers?limit=50&q=1000000001", { status: 200, body: [alice] }, { status: 200, body: [{ ...alice, pointsBalance: 128, lifetimeSpent: "72.90" }] }],
      ["GET", "/api/staff/transactions?customerId=1", { status: 200, body: [tx(3, "bonus_points", "0.00", 20), tx(2, "points_redemption", "1.00", -100), tx(1, "purchase", "12.50", 12)] }],
      ["POST", "/api/transactions", { status: 201, body: { balance: 128, message: "transaction recorded" } }],
    ]);
    const user = userEvent.setup();
    renderWithClient(<StaffDashboard header={header} />);
    expect(screen.getByText("The Daily Grind · Staff Portal")).toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "Search customers by name, email or membership number" }), "1000000001");
    await waitFor(() => expect(screen.queryByText("Bob Baker")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: /Alice Archer/ }));

    const panel = screen.getByRole("region", { name: "Selected customer" });
    expect(within(panel).getByTestId("staff-points-balance")).toHaveTextContent("120");
    expect(within(panel).getByText("£64.50")).toBeInTheDocument();
    const list = await within(panel).findByRole("list", { name: "Recent transactions" });
    expect(within(list).getAllByRole("listitem").map((li) => li.querySelector("p")?.textContent)).toEqual(["Bonus Points", "Points Redeemed", "Purchase"]);
    expect(within(list).getByText("-100 points")).toBeInTheDocument();
    expect(within(list).getByText("+12 points")).toBeInTheDocument();

    await user.click(within(panel).getByRole("button", { name: "process transaction" }));
    const dialog = await screen.findByRole("dialog", { name: "process transaction" });
    await user.type(within(dialog).getByLabelText("Purchase amount (£)"), "8.4x");
    await user.click(within(dialog).getByRole("button", { name: "Record Purchase" }));
    expect(await within(dialog).findByText("Amount must be a positive number with at most 2 decimal places")).toBeInTheDocument();
    await retype(user, within(dialog).getByLabelText("Purchase amount (£)"), "8.40");
    await user.click(within(dialog).getByRole("button", { name: "Record Purchase" }));

    await expectToast("transaction recorded", "Alice Archer now has 128 points.");
    expect(callsTo(fetch, "POST", "/api/transactions")).toEqual([{ customerId: 1, type: "purchase", amount: "8.40", description: null }]);
    await waitFor(() => expect(within(panel).getByTestId("staff-points-balance")).toHaveTextContent("128"));
    expect(within(panel).getByText("£72.90")).toBeInTheDocument();
  });

  it("awards bonus points; a refusal shows 'error' with the server's message", async () => {
    const fetch = routeFetch([
      ["GET", "/api/staff/customers?limit=50", { status: 200, body: [alice] }],
      ["GET", "/api/staff/transactions?customerId=1", { status: 200, body: [] }],
      ["POST", "/api/transactions", { status: 409, body: { message: "Closed accounts are read-only: no transactions can be recorded." } }],
    ]);
    const user = userEvent.setup();
    renderWithClient(<StaffDashboard header={header} />);
    await user.click(await screen.findByRole("button", { name: /Alice Archer/ }));
    expect(await screen.findByText("No transactions yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "award bonus points" }));
    const dialog = await screen.findByRole("dialog", { name: "award bonus points" });
    // The dialog's own rule (^\d{1,7}$) let 9,999,999 through past the server's 1,000,000 cap (issue
    // 17): it now checks with the server's schema and says so before sending anything.
    await user.type(within(dialog).getByLabelText("Bonus points"), "1000001");
    await user.click(within(dialog).getByRole("button", { name: "Award Points" }));
    expect(await within(dialog).findByText("Points must be at most 1,000,000")).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/transactions")).toEqual([]);
    await user.clear(within(dialog).getByLabelText("Bonus points"));
    await user.type(within(dialog).getByLabelText("Bonus points"), "25");
    await user.type(within(dialog).getByLabelText("Reason (optional)"), "birthday");
    await user.click(within(dialog).getByRole("button", { name: "Award Points" }));
    expect(await screen.findByText("error")).toBeInTheDocument();
    expect(screen.getByText("Closed accounts are read-only: no transactions can be recorded.")).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/transactions")).toEqual([{ customerId: 1, type: "bonus_points", amount: "25", description: "birthday" }]);
    expect(screen.getByRole("dialog", { name: "award bonus points" })).toBeInTheDocument();
  });

  it("shows the server's list at once, without asking for it (issue 23: the page reads it for the first HTML)", async () => {
    const fetch = routeFetch([["GET", "/api/staff/transactions?customerId=2", { status: 200, body: [] }]]);
    const user = userEvent.setup();
    renderWithClient(<StaffDashboard header={header} customers={{ customers: [alice, bob], next: null }} />);
    expect(screen.getByRole("button", { name: /Alice Archer/ })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Bob Baker/ }));
    expect(await screen.findByText("No transactions yet.")).toBeInTheDocument();
    expect(callsTo(fetch, "GET", /^\/api\/staff\/customers/)).toEqual([]);
  });

  it("keeps each customer's transactions while another is shown, as before", async () => {
    const fetch = routeFetch([
      ["GET", "/api/staff/transactions?customerId=1", { status: 200, body: [tx(1, "purchase", "12.50", 12)] }],
      ["GET", "/api/staff/transactions?customerId=2", { status: 200, body: [] }],
    ]);
    const user = userEvent.setup();
    renderWithClient(<StaffDashboard header={header} customers={{ customers: [alice, bob], next: null }} />);
    await user.click(screen.getByRole("button", { name: /Alice Archer/ }));
    expect(await screen.findByText("+12 points")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Bob Baker/ }));
    expect(await screen.findByText("No transactions yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Alice Archer/ }));
    expect(screen.getByText("+12 points")).toBeInTheDocument();
    expect(callsTo(fetch, "GET", "/api/staff/transactions?customerId=1")).toHaveLength(1);
  });

  it("needs no query client: the (staff) layout mounts none (issue 23)", async () => {
    const fetch = routeFetch([
      ["GET", "/api/staff/customers?limit=50", { status: 200, body: [{ ...alice, pointsBalance: 145 }] }],
      ["GET", "/api/staff/transactions?customerId=1", { status: 200, body: [] }, { status: 200, body: [tx(4, "bonus_points", "0.00", 25)] }],
      ["POST", "/api/transactions", { status: 201, body: { balance: 145, message: "transaction recorded" } }],
    ]);
    const user = userEvent.setup();
    render(
      <>
        <StaffDashboard header={header} customers={{ customers: [alice], next: null }} />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole("button", { name: /Alice Archer/ }));
    expect(await screen.findByText("No transactions yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "award bonus points" }));
    const dialog = await screen.findByRole("dialog", { name: "award bonus points" });
    await user.type(within(dialog).getByLabelText("Bonus points"), "25");
    await user.click(within(dialog).getByRole("button", { name: "Award Points" }));
    await expectToast("transaction recorded", "Alice Archer now has 145 points.");
    await waitFor(() => expect(screen.getByTestId("staff-points-balance")).toHaveTextContent("145"));
    expect(await screen.findByText("+25 points")).toBeInTheDocument();
    expect(callsTo(fetch, "GET", /^\/api\/staff\/customers/)).toHaveLength(1);
  });

  it("signs out to /staff/login", async () => {
    const fetch = routeFetch([["GET", "/api/staff/customers?limit=50", { status: 200, body: [] }], ["POST", "/api/staff/logout", { status: 200, body: { message: "Logged out" } }]]);
    const user = userEvent.setup();
    renderWithClient(<StaffDashboard header={header} />);
    expect(await screen.findByText("No customers yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign Out" }));
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith("/staff/login"));
    expect(callsTo(fetch, "POST", "/api/staff/logout")).toHaveLength(1);
  });
});
