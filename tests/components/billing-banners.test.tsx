import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { getQueryClient, makeQueryClient } from "@/lib/client/query-client";
import { queryKeys } from "@/lib/client/query-keys";
import { Toaster } from "@/components/ui/toaster";
import { dismiss } from "@/hooks/use-toast";
import { PlanBannersSlot } from "@/components/dashboard/plan-banners-slot";
import { SimulatedCheckout } from "@/components/billing/simulated-checkout";
import { installDomShims, installRouteFetch, type RouteHandler } from "./account-route-fetch";
import { serveCustomers } from "../helpers/fake-customer-api";
import { customerDto } from "../helpers/customer-dto";
import type { PlanStart } from "@/lib/dashboard/types";
import type { DowngradeStatus, TrialStatus } from "@/components/billing/billing-queries";

const mockPush = jest.fn();
const mockRefresh = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: mockPush, replace: jest.fn(), refresh: mockRefresh, back: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => "/dashboard",
  useSearchParams: () => new URLSearchParams(),
}));

const customers = (n: number) => Array.from({ length: n }, (_, i) => customerDto(i + 1, { name: `Customer ${i + 1}`, createdAt: `2026-01-${String(i + 1).padStart(2, "0")}T10:00:00.000Z` }));

// The slot shows what the dashboard page read on the server (GET /api/business, /api/subscription/usage,
// /api/subscription/downgrade-status, /api/business/trial-status: lib/dashboard/get-dashboard-start.ts).
function setup(
  opts: { status?: string; used: number; limit?: number | null; paymentFailedAt?: string | null; downgrade?: DowngradeStatus; trial?: TrialStatus },
  routes: Record<string, RouteHandler> = {},
) {
  const limit = opts.limit === undefined ? 10 : opts.limit;
  const fetch = installRouteFetch(routes);
  // The Park Customers dialog's list and count: the server's search (issue 23).
  serveCustomers(customers(opts.used));
  const plan: PlanStart = {
    subscriptionStatus: opts.status ?? "pro_starter",
    paymentFailedAt: opts.paymentFailedAt ?? null,
    customersUsed: opts.used,
    customersLimit: limit,
    downgrade: opts.downgrade ?? { isDowngrading: false, requiresAction: false, daysRemaining: null, downgradeEffectiveAt: null },
    trial: opts.trial ?? { hasActiveTrial: false, daysRemaining: 0, trialEndDate: null },
  };
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <PlanBannersSlot plan={plan} />
      <Toaster />
    </QueryClientProvider>,
  );
  return fetch;
}

beforeAll(installDomShims);
beforeEach(() => {
  mockPush.mockReset();
  mockRefresh.mockReset();
});
afterEach(() => act(() => dismiss()));

describe("dashboard plan banners", () => {
  it("shows the starter progress card under 8 and the pro upgrade info modal with 'go back' and 'upgrade to max'", async () => {
    const routes = setup({ used: 5 }, { "POST /api/billing/upgrade": { status: 200, body: { message: "You are already on the max plan." } } });
    expect(await screen.findByText("5 of 10 customers")).toBeInTheDocument();
    expect(screen.getByText("5 spaces left on starter.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "learn about max" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("£21.00 a month, including a £2 charity donation.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "go back" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole("button", { name: "learn about max" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "upgrade to max" }));
    await waitFor(() => expect(routes.callsTo("POST", "/api/billing/upgrade")).toHaveLength(1));
  });

  it("shows 'almost at limit' at 8, without the progress card", async () => {
    setup({ used: 8 });
    expect(await screen.findByText("almost at limit")).toBeInTheDocument();
    expect(screen.queryByTestId("starter-progress")).not.toBeInTheDocument();
  });

  it("shows 'party is full' at the limit", async () => {
    setup({ used: 10 });
    expect(await screen.findByText("party is full")).toBeInTheDocument();
  });

  it("over the limit with a failed payment: parks at least the excess through the Park Customers dialog", async () => {
    const routes = setup(
      { status: "payment_failed", used: 12, paymentFailedAt: new Date().toISOString() },
      { "POST /api/customers/11/park": { status: 200, body: {} }, "POST /api/customers/12/park": { status: 200, body: {} } },
    );
    expect(await screen.findByText("over your customer limit")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "park customers" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("park customers until your payment is fixed")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "park selected customers" }));
    expect((await screen.findAllByText("No Customers Selected", { exact: true }))[0]).toBeInTheDocument();
    expect((await screen.findAllByText("Please select customers to park.", { exact: true }))[0]).toBeInTheDocument();

    await userEvent.click(await within(dialog).findByLabelText(/Customer 11/, {}, { timeout: 10_000 }));
    expect(within(dialog).getByRole("button", { name: "park selected customers" })).toBeDisabled(); // fewer than the excess of 2
    expect(within(dialog).getByText("1 selected: select 1 more")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText(/Customer 12/));
    await userEvent.click(within(dialog).getByRole("button", { name: "park selected customers" }));
    expect((await screen.findAllByText("Customers parked successfully", { exact: true }))[0]).toBeInTheDocument();
    expect(routes.callsTo("POST", "/api/customers/11/park")[0].body).toEqual({ reason: "payment_failure_compliance" });
    expect(routes.callsTo("POST", "/api/customers/12/park")).toHaveLength(1);
    // The dashboard is rendered on the server: it renders again to show what parking changed.
    await waitFor(() => expect(mockRefresh).toHaveBeenCalled());
  });

  it("lists only open accounts, a page at a time, and counts the excess from the server's count of them (issue 23)", async () => {
    setup({ status: "payment_failed", used: 12, paymentFailedAt: new Date().toISOString() });
    const list = customers(12);
    list[11] = { ...list[11], accountStatus: "closed" };
    const api = serveCustomers(list);
    await userEvent.click(await screen.findByRole("button", { name: "park customers" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByLabelText(/Customer 11/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Customer 12/)).not.toBeInTheDocument();
    expect(within(dialog).getByText(/select at least 1 to park/)).toBeInTheDocument();
    expect(api.listCalls()).toEqual(expect.arrayContaining(["/api/customers?sort=joined&order=desc&status=open&limit=30&total=1", "/api/customers?sort=joined&order=desc&status=open&limit=1&total=1"]));
  });

  it("shows 'Error Parking Customers' with the server's message when a park call fails", async () => {
    setup({ status: "payment_failed", used: 11, paymentFailedAt: new Date().toISOString() }, { "POST /api/customers/11/park": { status: 409, body: { message: "This customer is already parked" } } });
    await userEvent.click(await screen.findByRole("button", { name: "park customers" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(await within(dialog).findByLabelText(/Customer 11/, {}, { timeout: 10_000 }));
    await userEvent.click(within(dialog).getByRole("button", { name: "park selected customers" }));
    expect((await screen.findAllByText("Error Parking Customers", { exact: true }))[0]).toBeInTheDocument();
    expect((await screen.findAllByText("This customer is already parked", { exact: true }))[0]).toBeInTheDocument();
  });

  it("shows the downgrade countdown, urgent at 1 day, with a downgrade Park Customers dialog", async () => {
    setup({ status: "pro_max", used: 12, limit: null, downgrade: { isDowngrading: true, requiresAction: true, daysRemaining: 1, downgradeEffectiveAt: null } });
    expect(await screen.findByText("downgrading to starter")).toBeInTheDocument();
    expect(screen.getByText("urgent: automatic parking starts tomorrow.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "park customers" }));
    expect(within(await screen.findByRole("dialog")).getByText("park customers for your downgrade")).toBeInTheDocument();
  });
});

describe("simulated checkout", () => {
  it("pays and goes back to the account; a failed payment shows the decline", async () => {
    const routes = installRouteFetch({
      "POST /api/billing/simulated/complete": (init) =>
        JSON.parse(String(init?.body)).outcome === "paid"
          ? { status: 200, body: { ok: true, message: "Payment received: welcome to max!", redirectUrl: "/account" } }
          : { status: 200, body: { ok: false, message: "Your card was declined. No payment was taken.", redirectUrl: "/account" } },
    });
    // No react-query provider: the page mounts none (issue 23); the tab's client is refreshed after paying.
    getQueryClient().setQueryData(queryKeys.business, { subscriptionStatus: "starter" });
    render(
      <>
        <SimulatedCheckout token="tok" purpose="upgrade" />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Fail payment" }));
    expect(await screen.findByText("Your card was declined. No payment was taken.")).toBeInTheDocument();
    expect(mockPush).not.toHaveBeenCalled();
    expect(getQueryClient().getQueryState(queryKeys.business)?.isInvalidated).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "Pay £21.00" }));
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith("/account"));
    expect(getQueryClient().getQueryState(queryKeys.business)?.isInvalidated).toBe(true);
    expect(routes.callsTo("POST", "/api/billing/simulated/complete").map((c) => c.body)).toEqual([
      { token: "tok", outcome: "failed" },
      { token: "tok", outcome: "paid" },
    ]);
  });
});

describe("simulated portal", () => {
  it("updates the payment method and says so", async () => {
    const routes = installRouteFetch({ "POST /api/billing/simulated/portal": { status: 200, body: { message: "Payment method updated and payment received." } } });
    const { SimulatedPortal } = await import("@/components/billing/simulated-portal");
    render(
      <>
        <SimulatedPortal token="tok" />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole("button", { name: "update payment method" }));
    expect((await screen.findAllByText("Payment method updated and payment received.", { exact: true }))[0]).toBeInTheDocument();
    expect(routes.callsTo("POST", "/api/billing/simulated/portal")[0].body).toEqual({ token: "tok", action: "update_payment" });
    await userEvent.click(screen.getByRole("button", { name: "back to your account" }));
    expect(mockPush).toHaveBeenCalledWith("/account");
  });
});
