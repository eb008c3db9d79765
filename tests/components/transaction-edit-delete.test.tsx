import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { queryKeys } from "@/lib/client/query-keys";
import { TransactionHub } from "@/components/transactions/transaction-hub";
import { callsTo, polyfillRadix, renderWithClient, routeFetch, transaction, type Route } from "./transaction-fixtures";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => "/transactions",
  useSearchParams: () => new URLSearchParams(""),
}));

polyfillRadix();

const alice = { id: 1, name: "Alice Archer", email: "alice@example.com", membershipNumber: "10000001", totalPoints: 120 };
const row = transaction(42, { customer: alice, type: "purchase", amount: "12.50", description: "latte", pointsEarned: 12, pointsRedeemed: 0 });

async function openHub(extra: Route[]) {
  const fetch = routeFetch([
    ...extra,
    ["GET", "/api/transactions", { status: 200, body: [row] }],
    ["GET", "/api/promos", { status: 200, body: [] }],
  ]);
  const user = userEvent.setup();
  const view = renderWithClient(<TransactionHub startCamera={async () => ({ stop: () => {} })} />);
  const invalidate = jest.spyOn(view.client, "invalidateQueries");
  await screen.findByText("latte");
  return { fetch, user, invalidate };
}

const refreshedKeys = (invalidate: jest.SpyInstance) => invalidate.mock.calls.map(([filters]) => (filters as { queryKey?: unknown }).queryKey);

afterEach(() => act(() => dismiss()));

describe("edit transaction dialog", () => {
  it("sends the corrected values (amount as a number, blank points as 0) and says the customer was notified", async () => {
    const { fetch, user, invalidate } = await openHub([["PUT", "/api/transactions/42", { status: 200, body: { ...row, amount: "15.00" } }]]);
    await user.click(screen.getByRole("button", { name: "edit transaction for Alice Archer" }));
    const dialog = await screen.findByRole("dialog", { name: "edit transaction" });
    expect(within(dialog).getByLabelText("type")).toHaveValue("purchase");
    expect(within(dialog).getByLabelText("amount (£)")).toHaveValue("12.50");

    await user.selectOptions(within(dialog).getByLabelText("type"), "goodwill points");
    await user.clear(within(dialog).getByLabelText("amount (£)"));
    await user.type(within(dialog).getByLabelText("amount (£)"), "15");
    await user.clear(within(dialog).getByLabelText("points earned"));
    await user.type(within(dialog).getByLabelText("points earned"), "15");
    await user.clear(within(dialog).getByLabelText("points redeemed"));
    await user.clear(within(dialog).getByLabelText("description (optional)"));
    await user.click(within(dialog).getByRole("button", { name: "save changes" }));

    expect(await screen.findByText("transaction updated")).toBeInTheDocument();
    expect(screen.getByText("Alice Archer has been notified of the change.")).toBeInTheDocument();
    const [put] = callsTo(fetch, "PUT", "/api/transactions/42");
    expect(put.body).toEqual({ type: "goodwill_points", amount: 15, description: null, pointsEarned: 15, pointsRedeemed: 0 });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const keys = refreshedKeys(invalidate);
    for (const key of [queryKeys.transactions, queryKeys.customers, queryKeys.dashboard.impactStats]) expect(keys).toContainEqual(key);
  });

  it("requires the amount and sends nothing without it", async () => {
    const { fetch, user } = await openHub([]);
    await user.click(screen.getByRole("button", { name: "edit transaction for Alice Archer" }));
    const dialog = await screen.findByRole("dialog", { name: "edit transaction" });
    await user.clear(within(dialog).getByLabelText("amount (£)"));
    await user.click(within(dialog).getByRole("button", { name: "save changes" }));
    expect(await within(dialog).findByText("Amount is required")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("amount (£)"), "abc");
    await user.click(within(dialog).getByRole("button", { name: "save changes" }));
    expect(await within(dialog).findByText("Amount must be a number with at most 2 decimal places")).toBeInTheDocument();
    expect(callsTo(fetch, "PUT", /^\/api\/transactions\//)).toHaveLength(0);
  });

  it("shows 'update failed' with the server's message", async () => {
    const { user } = await openHub([["PUT", "/api/transactions/42", { status: 409, body: { message: "This change would take the customer's points balance below zero" } }]]);
    await user.click(screen.getByRole("button", { name: "edit transaction for Alice Archer" }));
    const dialog = await screen.findByRole("dialog", { name: "edit transaction" });
    await user.clear(within(dialog).getByLabelText("points earned"));
    await user.click(within(dialog).getByRole("button", { name: "save changes" }));
    expect(await screen.findByText("update failed")).toBeInTheDocument();
    expect(screen.getByText("This change would take the customer's points balance below zero")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "edit transaction" })).toBeInTheDocument();
  });
});

describe("delete transaction dialog", () => {
  it("deletes with a listed reason, sending only the reason", async () => {
    const { fetch, user, invalidate } = await openHub([["DELETE", "/api/transactions/42", { status: 200, body: { message: "transaction deleted" } }]]);
    await user.click(screen.getByRole("button", { name: "delete transaction for Alice Archer" }));
    const dialog = await screen.findByRole("dialog", { name: "delete transaction" });
    const reason = within(dialog).getByLabelText("reason");
    expect(within(reason).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "choose a reason",
      "incorrectly posted",
      "sale value increased",
      "training transaction",
      "other",
    ]);
    // No reason chosen: nothing is sent.
    await user.click(within(dialog).getByRole("button", { name: "delete transaction" }));
    expect(await within(dialog).findByText("Please choose a reason for deleting this transaction")).toBeInTheDocument();
    expect(within(dialog).queryByLabelText("password")).not.toBeInTheDocument();

    await user.selectOptions(reason, "training transaction");
    expect(within(dialog).queryByLabelText("custom reason")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "delete transaction" }));
    expect(await screen.findByText("transaction deleted")).toBeInTheDocument();
    expect(callsTo(fetch, "DELETE", "/api/transactions/42").map((c) => c.body)).toEqual([{ reason: "training_transaction" }]);
    const keys = refreshedKeys(invalidate);
    for (const key of [queryKeys.transactions, queryKeys.customers, queryKeys.dashboard.impactStats]) expect(keys).toContainEqual(key);
  });

  it("asks for the custom reason and password when the reason IS 'other', and requires both", async () => {
    const { fetch, user } = await openHub([["DELETE", "/api/transactions/42", { status: 200, body: { message: "transaction deleted" } }]]);
    await user.click(screen.getByRole("button", { name: "delete transaction for Alice Archer" }));
    const dialog = await screen.findByRole("dialog", { name: "delete transaction" });
    await user.selectOptions(within(dialog).getByLabelText("reason"), "other");
    const custom = within(dialog).getByLabelText("custom reason");
    const password = within(dialog).getByLabelText("password");
    await user.type(custom, "customer changed their mind");
    await user.click(within(dialog).getByRole("button", { name: "delete transaction" }));
    expect(await within(dialog).findByText("Custom reason and password are required when selecting 'Other'")).toBeInTheDocument();
    expect(callsTo(fetch, "DELETE", "/api/transactions/42")).toHaveLength(0);

    await user.type(password, "Demo1234!");
    await user.click(within(dialog).getByRole("button", { name: "delete transaction" }));
    expect(await screen.findByText("transaction deleted")).toBeInTheDocument();
    expect(callsTo(fetch, "DELETE", "/api/transactions/42")[0].body).toEqual({ reason: "other", customReason: "customer changed their mind", password: "Demo1234!" });
  });

  it("shows 'deletion failed' with the server's message and clears the password", async () => {
    const { user } = await openHub([["DELETE", "/api/transactions/42", { status: 401, body: { message: "Incorrect password" } }]]);
    await user.click(screen.getByRole("button", { name: "delete transaction for Alice Archer" }));
    const dialog = await screen.findByRole("dialog", { name: "delete transaction" });
    await user.selectOptions(within(dialog).getByLabelText("reason"), "other");
    await user.type(within(dialog).getByLabelText("custom reason"), "duplicate");
    await user.type(within(dialog).getByLabelText("password"), "wrong");
    await user.click(within(dialog).getByRole("button", { name: "delete transaction" }));
    expect(await screen.findByText("deletion failed")).toBeInTheDocument();
    expect(screen.getByText("Incorrect password")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("password")).toHaveValue("");
  });
});
