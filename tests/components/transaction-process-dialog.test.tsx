import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { queryKeys } from "@/lib/client/query-keys";
import { ProcessTransactionDialog } from "@/components/transactions/process-transaction-dialog";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { callsTo, customer, polyfillRadix, renderWithClient, routeFetch, voucher, type Route } from "./transaction-fixtures";
import { serveCustomers } from "../helpers/fake-customer-api";
import { formatMembershipNumber } from "@/lib/rules/membership-number";

polyfillRadix();

const alice = customer(1, { name: "Alice Archer", totalPoints: 500, pointsPerPound: 2, redemptionValue: "1.50", minimumRedemption: 100 });
const bob = customer(2, { name: "Bob Baker", totalPoints: 40 });
const sleepy = customer(3, { name: "Sid Sleeper", sleepStatus: "asleep" });
const snoozy = customer(4, { name: "Sue Snoozer", accountStatus: "snoozed" });
const closed = customer(5, { name: "Carl Closed", accountStatus: "closed", closedAt: "2026-03-01T10:00:00.000Z" });
const everyone = [alice, bob, sleepy, snoozy, closed];

const recorded = (c: CustomerDto, totalPoints: number) => ({
  status: 201,
  body: {
    transaction: { id: 99, customer: { id: c.id, name: c.name } },
    customer: { id: c.id, totalPoints, lifetimeSpent: "0.00", lastVisit: null, accountStatus: "active", sleepStatus: "active" },
    balance: totalPoints,
    message: "transaction recorded",
  },
});

/** The list's answers come after the search box's pause in typing, on a machine that may be busy. */
const SLOW = { timeout: 10_000 };

function setup(extra: Route[] = [], props: { initialCustomerId?: number; initialCustomer?: CustomerDto } = {}) {
  const fetch = routeFetch([...extra, ["GET", /^\/api\/customers\/\d+\/promos$/, { status: 200, body: [] }]]);
  // GET /api/customers searched and filtered like the server (issue 23); the rest goes to `fetch`.
  const api = serveCustomers(everyone);
  const onOpenChange = jest.fn();
  const user = userEvent.setup();
  const view = renderWithClient(<ProcessTransactionDialog open onOpenChange={onOpenChange} {...props} />);
  const invalidate = jest.spyOn(view.client, "invalidateQueries");
  const dialog = screen.getByRole("dialog", { name: "process transaction" });
  return { fetch, api, onOpenChange, user, dialog, invalidate };
}

async function pick(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  await user.type(within(dialog).getByRole("searchbox", { name: "search customer" }), name.split(" ")[0]);
  await user.click(await within(dialog).findByRole("button", { name: new RegExp(`^${name}`) }, SLOW));
}

const posts = (fetch: jest.Mock) => callsTo(fetch, "POST", "/api/transactions");
/** The dialog says why, and nothing was sent. */
async function expectRefusedUnsent(fetch: jest.Mock, message: string) {
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(posts(fetch)).toHaveLength(0);
}
const submit = (dialog: HTMLElement) => within(dialog).getByRole("button", { name: "process transaction" });

afterEach(() => act(() => dismiss()));

describe("Process Transaction dialog", () => {
  it("records a purchase: the points it earns at the customer's own rate, the body, the toast and the refreshes", async () => {
    const { fetch, user, dialog, onOpenChange, invalidate } = setup([["POST", "/api/transactions", recorded(alice, 525)]]);
    await pick(user, dialog, "Alice Archer");
    expect(within(dialog).getByRole("radio", { name: "purchase" })).toBeChecked();
    await user.type(within(dialog).getByLabelText("amount (£)"), "12.5");
    expect(within(dialog).getByTestId("transaction-preview")).toHaveTextContent("earns 25 points");
    await user.type(within(dialog).getByLabelText("description (optional)"), "flat white and cake");
    await user.click(submit(dialog));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posts(fetch)[0].body).toEqual({ customerId: 1, type: "purchase", amount: "12.50", description: "flat white and cake" });
    expect(await screen.findByText("transaction recorded")).toBeInTheDocument();
    expect(screen.getByText("Alice Archer now has 525 points.")).toBeInTheDocument();
    const refreshed = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    const { dashboard } = queryKeys;
    for (const key of [queryKeys.transactions, queryKeys.customers, dashboard.stats, dashboard.impactStats, dashboard.weeklyStats, dashboard.moneyMakers, dashboard.superFans]) {
      expect(refreshed).toContainEqual(key);
    }
  });

  // Issue 20: "1 points per £1", and type labels cut off on a phone ("points redem...").
  it("says '1 point per £1' for a one-point rate and never cuts a type's label off", async () => {
    const { user, dialog } = setup();
    await pick(user, dialog, "Bob Baker");
    expect(within(dialog).getByText("1 point per £1")).toBeInTheDocument();
    for (const radio of within(dialog).getAllByRole("radio")) {
      expect(radio.closest("label")!.querySelector("span")).not.toHaveClass("truncate");
    }
  });

  it("offers the customer's active vouchers as promo codes and previews the discount", async () => {
    const promos = [
      voucher(1, { promoCode: "TENOFF", discountType: "percentage", discountValue: 10, maxDiscount: "1.00" }),
      voucher(2, { promoCode: "USED", status: "redeemed", isActive: false }),
    ];
    const { fetch, user, dialog } = setup([
      ["GET", "/api/customers/1/promos", { status: 200, body: promos }],
      ["POST", "/api/transactions", recorded(alice, 520)],
    ]);
    await pick(user, dialog, "Alice Archer");
    await user.type(within(dialog).getByLabelText("amount (£)"), "20");
    await user.click(await within(dialog).findByRole("button", { name: "use promo code TENOFF" }));
    expect(within(dialog).queryByRole("button", { name: "use promo code USED" })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText("promo code (optional)")).toHaveValue("TENOFF");
    // 10% of £20 capped at £1.00; £19.00 x 2 points per pound
    expect(within(dialog).getByTestId("transaction-preview")).toHaveTextContent("discount £1.00: customer pays £19.00 and earns 38 points");
    await user.click(submit(dialog));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(posts(fetch)[0].body).toEqual({ customerId: 1, type: "purchase", amount: "20.00", promoCode: "TENOFF" });
  });

  it("records a redemption with the value computed from the customer's redemption rate", async () => {
    const { fetch, user, dialog } = setup([["POST", "/api/transactions", recorded(alice, 300)]]);
    await pick(user, dialog, "Alice Archer");
    await user.click(within(dialog).getByRole("radio", { name: "points redemption" }));
    await user.type(within(dialog).getByLabelText("points to redeem"), "200");
    const preview = within(dialog).getByTestId("transaction-preview");
    expect(preview).toHaveTextContent("balance: 500 points");
    expect(preview).toHaveTextContent("minimum redemption: 100 points");
    expect(preview).toHaveTextContent("value: £3.00");
    await user.click(submit(dialog));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(posts(fetch)[0].body).toEqual({ customerId: 1, type: "points_redemption", pointsToRedeem: 200, amount: "3.00" });
  });

  it("sends a points adjustment as manual_adjustment with a signed number", async () => {
    const { fetch, user, dialog } = setup([["POST", "/api/transactions", recorded(alice, 480)]]);
    await pick(user, dialog, "Alice Archer");
    await user.click(within(dialog).getByRole("radio", { name: "points adjustment" }));
    await user.type(within(dialog).getByLabelText("points to add or remove"), "-20");
    expect(within(dialog).getByTestId("transaction-preview")).toHaveTextContent("after adjustment: 480 points");
    await user.type(within(dialog).getByLabelText("description (optional)"), "double-scanned card");
    await user.click(submit(dialog));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(posts(fetch)[0].body).toEqual({ customerId: 1, type: "manual_adjustment", pointsAdjustment: -20, description: "double-scanned card" });
  });

  it("sends bonus and goodwill points as the amount", async () => {
    const { fetch, user, dialog } = setup([["POST", "/api/transactions", recorded(alice, 550)]]);
    await pick(user, dialog, "Alice Archer");
    await user.click(within(dialog).getByRole("radio", { name: "goodwill points" }));
    await user.type(within(dialog).getByLabelText("points to award"), "50");
    expect(within(dialog).getByTestId("transaction-preview")).toHaveTextContent("adds 50 points: new balance 550 points");
    await user.click(submit(dialog));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(posts(fetch)[0].body).toEqual({ customerId: 1, type: "goodwill_points", amount: "50" });
  });

  it("gifts points to another customer, never the same one, nor to a sleeping or closed account (the server's filter, issue 23)", async () => {
    const { fetch, api, user, dialog } = setup([["POST", "/api/transactions", recorded(alice, 400)]]);
    await pick(user, dialog, "Alice Archer");
    await user.click(within(dialog).getByRole("radio", { name: "gift points" }));
    const recipients = within(dialog).getByRole("group", { name: "recipient" });
    // Only Bob is offered: not the giver, nor Sid (asleep), Sue (snoozed) or Carl (closed).
    expect(await within(recipients).findByRole("button", { name: /^Bob Baker/ }, SLOW)).toBeInTheDocument();
    expect(within(recipients).getAllByRole("button")).toHaveLength(1);
    expect(api.listCalls()).toContain("/api/customers?sort=joined&order=desc&status=active&exclude=1&limit=30&total=1");
    const recipientSearch = within(dialog).getByRole("searchbox", { name: "search recipient" });
    await user.type(recipientSearch, "Bob");
    await user.click(await within(dialog).findByRole("button", { name: /^Bob Baker/ }, SLOW));
    await user.type(within(dialog).getByLabelText("points to gift"), "100");
    expect(within(dialog).getByTestId("transaction-preview")).toHaveTextContent("available: 500 points");
    await user.click(submit(dialog));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(posts(fetch)[0].body).toEqual({ customerId: 1, type: "gift_points", recipientCustomerId: 2, giftPoints: 100 });
  });

  describe("checks in the browser with the spec's messages, sending nothing", () => {
    it("asks for a customer", async () => {
      const { fetch, user, dialog } = setup();
      await user.click(submit(dialog));
      await expectRefusedUnsent(fetch, "please select a customer");
    });

    it("refuses a redemption above the balance or below the minimum", async () => {
      const { fetch, user, dialog } = setup();
      await pick(user, dialog, "Alice Archer");
      await user.click(within(dialog).getByRole("radio", { name: "points redemption" }));
      const field = within(dialog).getByLabelText("points to redeem");
      await user.type(field, "600");
      await user.click(submit(dialog));
      expect(await screen.findByText("insufficient points")).toBeInTheDocument();
      expect(screen.getByText("insufficient points - wait for customer to earn or add bonus points to proceed")).toBeInTheDocument();

      await user.clear(field);
      await user.type(field, "50");
      await user.click(submit(dialog));
      expect(await screen.findByText("minimum redemption not met")).toBeInTheDocument();
      expect(screen.getByText("minimum redemption is 100 points. customer is trying to redeem 50 points.")).toBeInTheDocument();
      expect(posts(fetch)).toHaveLength(0);
    });

    it("reports missing fields for the type", async () => {
      const { fetch, user, dialog } = setup();
      await pick(user, dialog, "Alice Archer");
      await user.click(submit(dialog));
      expect(await screen.findByText("required fields missing for transaction type")).toBeInTheDocument();
      act(() => dismiss());
      await user.click(within(dialog).getByRole("radio", { name: "gift points" }));
      await user.type(within(dialog).getByLabelText("points to gift"), "10");
      await user.click(submit(dialog));
      expect(await screen.findByText("required fields missing for transaction type")).toBeInTheDocument();
      act(() => dismiss());
      await user.click(within(dialog).getByRole("radio", { name: "points adjustment" }));
      await user.type(within(dialog).getByLabelText("points to add or remove"), "0");
      await user.click(submit(dialog));
      await expectRefusedUnsent(fetch, "required fields missing for transaction type");
    });

    it("refuses a gift larger than the available points", async () => {
      const { fetch, user, dialog } = setup();
      await pick(user, dialog, "Bob Baker");
      await user.click(within(dialog).getByRole("radio", { name: "gift points" }));
      await user.type(within(dialog).getByRole("searchbox", { name: "search recipient" }), "Alice");
      await user.click(within(dialog).getByRole("button", { name: /^Alice Archer/ }));
      await user.type(within(dialog).getByLabelText("points to gift"), "41");
      await user.click(submit(dialog));
      await expectRefusedUnsent(fetch, "insufficient points");
    });
  });

  it("shows the server's message in an 'error' toast, and the spec's titles where they apply", async () => {
    let reply = { status: 400, body: { message: 'Promo code "NOPE" not found or expired for this customer' } };
    const { fetch, user, dialog, onOpenChange } = setup([["POST", "/api/transactions", () => reply]]);
    await pick(user, dialog, "Alice Archer");
    await user.type(within(dialog).getByLabelText("amount (£)"), "5");
    await user.type(within(dialog).getByLabelText("promo code (optional)"), "nope");
    await user.click(submit(dialog));
    expect(await screen.findByText('Promo code "NOPE" not found or expired for this customer')).toBeInTheDocument();
    expect(screen.getByText("error")).toBeInTheDocument();
    expect(posts(fetch)[0].body).toMatchObject({ promoCode: "NOPE" });

    // The balance moved on elsewhere: the server's insufficient-points answer gets its title.
    reply = { status: 400, body: { message: "insufficient points - wait for customer to earn or add bonus points to proceed" } };
    act(() => dismiss());
    await user.click(within(dialog).getByRole("radio", { name: "points redemption" }));
    await user.type(within(dialog).getByLabelText("points to redeem"), "150");
    await user.click(submit(dialog));
    expect(await screen.findByText("insufficient points")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("shows a pending state while the request runs", async () => {
    let finish: (() => void) | null = null;
    const { user, dialog } = setup([
      ["POST", "/api/transactions", () => new Promise((resolve) => (finish = () => resolve(recorded(alice, 510))))],
    ]);
    await pick(user, dialog, "Alice Archer");
    await user.type(within(dialog).getByLabelText("amount (£)"), "5");
    await user.click(submit(dialog));
    const pending = await within(dialog).findByRole("button", { name: "processing..." });
    expect(pending).toBeDisabled();
    await act(async () => finish?.());
    expect(await screen.findByText("transaction recorded")).toBeInTheDocument();
  });

  it("allows only purchases for asleep and snoozed customers, and explains why", async () => {
    const { fetch, user, dialog } = setup([["POST", "/api/transactions", recorded(sleepy, 505)]]);
    await pick(user, dialog, "Alice Archer");
    await user.click(within(dialog).getByRole("radio", { name: "points redemption" }));
    await user.click(within(dialog).getByRole("button", { name: "change" }));
    await pick(user, dialog, "Sid Sleeper");
    // Picking a sleeping customer falls back to a purchase.
    expect(within(dialog).getByRole("radio", { name: "purchase" })).toBeChecked();
    for (const name of ["points redemption", "bonus points", "points adjustment", "gift points", "goodwill points"]) {
      expect(within(dialog).getByRole("radio", { name })).toBeDisabled();
    }
    expect(within(dialog).getByText("this account is asleep: only purchases can be recorded, and a purchase wakes the account.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("amount (£)"), "5");
    await user.click(submit(dialog));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    expect(posts(fetch)[0].body).toMatchObject({ customerId: 3, type: "purchase" });
  });

  it("lists snoozed customers as purchases only and closed customers as not selectable", async () => {
    const { user, dialog } = setup();
    await user.type(within(dialog).getByRole("searchbox", { name: "search customer" }), "S");
    const snoozed = await within(dialog).findByRole("button", { name: /^Sue Snoozer/ }, SLOW);
    expect(snoozed).toBeEnabled();
    expect(within(snoozed).getByText("snoozed")).toBeInTheDocument();
    await user.clear(within(dialog).getByRole("searchbox", { name: "search customer" }));
    await user.type(within(dialog).getByRole("searchbox", { name: "search customer" }), "Carl");
    const carl = await within(dialog).findByRole("button", { name: /^Carl Closed/ }, SLOW);
    expect(carl).toBeDisabled();
    expect(within(carl).getByText("account closed")).toBeInTheDocument();
  });

  it("disables submit for a preselected closed account", async () => {
    const { user, dialog, fetch, api } = setup([], { initialCustomerId: 5 });
    expect(await within(dialog).findByText("Carl Closed", {}, SLOW)).toBeInTheDocument();
    // Read by id, not found in a whole list (issue 23).
    expect(api.listCalls()).toContain("/api/customers?sort=joined&order=desc&ids=5&limit=1&total=1");
    expect(within(dialog).getByRole("alert")).toHaveTextContent("closed accounts are read-only for 28 days before permanent deletion");
    expect(submit(dialog)).toBeDisabled();
    await user.click(submit(dialog));
    expect(posts(fetch)).toHaveLength(0);
  });

  it("uses a customer handed over after a QR scan at once, and reads no list for it", async () => {
    const { dialog, api } = setup([], { initialCustomer: bob });
    expect(within(dialog).getByText("Bob Baker")).toBeInTheDocument();
    expect(within(dialog).getByText(`${formatMembershipNumber(bob.membershipNumber)} · 40 points`)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(api.listCalls()).toEqual([]);
  });

  it("finds a customer by membership number on the server, a page at a time", async () => {
    const { user, dialog, api } = setup();
    await user.type(within(dialog).getByRole("searchbox", { name: "search customer" }), bob.membershipNumber);
    expect(await within(dialog).findByRole("button", { name: /^Bob Baker/ }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(api.listCalls()).toContain(`/api/customers?q=${bob.membershipNumber}&sort=joined&order=desc&limit=30&total=1`), SLOW);
    expect(within(dialog).queryByRole("button", { name: /^Alice Archer/ })).not.toBeInTheDocument();
  });
});
