import { useState } from "react";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Takeover } from "@/components/ui/takeover";
import { TransactionHubScreen } from "@/components/transactions/transaction-hub-screen";
import { TransactionHubIsland } from "@/components/transactions/transaction-hub-island";
import { callsTo, customer, polyfillRadix, renderWithClient, routeFetch, transaction, voucher, type Route } from "./transaction-fixtures";
import { navigation } from "../helpers/next-navigation";

// Issue 23: /transactions renders its first screen on the server (the newest page, no client code
// of the hub), and the live hub takes over from the same rows when the screen is first used (task
// T1: its code is fetched when idle, not drawn); the control used is replayed on the live one.

// The live hub's modules load on first use, slowly on a busy machine.
jest.setTimeout(60_000);
jest.mock("next/navigation", () => jest.requireActual("../helpers/next-navigation").nextNavigation);
navigation.pathname = "/transactions";
polyfillRadix();

const alice = { id: 1, name: "Alice Archer", email: "alice@example.com", membershipNumber: "10000001", totalPoints: 120 };
const rows = [
  transaction(6, { customer: alice, type: "purchase", amount: "12.5", pointsEarned: 12, promoCode: "SPRING", discountAmount: "1.25" }),
  transaction(5, { customer: alice, type: "points_redemption", amount: "1.00", pointsEarned: 0, pointsRedeemed: 100, promoCode: "OLDIE" }),
];
// What the server reads with the page: the vouchers of the page's promo codes only.
const promos = [{ promoCode: "OLDIE", status: "expired", expiresAt: "2020-01-01T00:00:00.000Z", customerId: 1 }];
const routes: Route[] = [
  ["GET", "/api/transactions", { status: 200, body: rows }],
  ["GET", "/api/promos", { status: 200, body: [voucher(1, { promoCode: "OLDIE", customerId: 1, expiresAt: "2020-01-01T00:00:00.000Z" })] }],
  ["GET", "/api/customers", { status: 200, body: [customer(1, { name: "Alice Archer" })] }],
];

const page = () => (
  <TransactionHubIsland rows={rows} promos={promos} eager={false}>
    <TransactionHubScreen rows={rows} promos={promos} />
  </TransactionHubIsland>
);

beforeEach(() => {
  navigation.search = "";
  window.sessionStorage.clear();
});

describe("the transaction hub's server-rendered first screen", () => {
  it("shows the newest page with the hub's columns, and the live hub takes over with the same rows without reading them again", async () => {
    const fetch = routeFetch(routes);
    renderWithClient(page());
    const table = screen.getByRole("table", { name: "transactions" });
    expect(within(table).getAllByRole("row")).toHaveLength(rows.length + 1);
    const [, first, second] = within(table).getAllByRole("row");
    expect(within(first).getByText("£12.50")).toBeInTheDocument();
    expect(within(first).getByText("redeemed")).toBeInTheDocument();
    expect(within(second).getByText("expired")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "transaction hub" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "quick find a customer" })).toBeInTheDocument();

    // The live hub (taking over when the quick find box is focused) reads neither the page nor the
    // vouchers of its promo codes again (issue 23: it read the business's whole voucher list).
    await userEvent.setup().click(screen.getByRole("textbox", { name: "quick find a customer" }));
    await waitFor(() => expect(screen.getByRole("combobox", { name: "quick find a customer" })).toBeInTheDocument(), { timeout: 20_000 });
    const live = screen.getByRole("table", { name: "transactions" });
    expect(within(live).getAllByRole("row")).toHaveLength(rows.length + 1);
    expect(within(live).getByText("expired")).toBeInTheDocument();
    expect(callsTo(fetch, "GET", "/api/transactions")).toHaveLength(0);
    expect(callsTo(fetch, "GET", "/api/promos")).toHaveLength(0);
  });

  it("works on a page whose layout has no query client: the live hub brings its own", async () => {
    const fetch = routeFetch(routes);
    render(page());
    await userEvent.setup().click(screen.getByRole("textbox", { name: "quick find a customer" }));
    await waitFor(() => expect(screen.getByRole("combobox", { name: "quick find a customer" })).toBeInTheDocument(), { timeout: 20_000 });
    expect(within(screen.getByRole("table", { name: "transactions" })).getAllByRole("row")).toHaveLength(rows.length + 1);
    expect(callsTo(fetch, "GET", "/api/transactions")).toHaveLength(0);
  });

  it("'add transaction' tapped before the hub's code is there opens the dialog once it is", async () => {
    const user = userEvent.setup();
    routeFetch(routes);
    renderWithClient(page());
    await user.click(screen.getByRole("button", { name: "add transaction" }));
    const dialog = await screen.findByRole("dialog", { name: "process transaction" }, { timeout: 20_000 });
    expect(within(dialog).getByRole("searchbox", { name: "search customer" })).toBeInTheDocument();
  });
});

describe("Takeover", () => {
  function deferred<T>() {
    let resolve!: (v: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  }
  function Live({ onGo }: { onGo: () => void }) {
    const [text, setText] = useState("");
    return (
      <>
        <input aria-label="box" data-takeover-key="box" value={text} onChange={(e) => setText(e.target.value)} />
        <p>live: {text}</p>
        <button type="button" data-takeover-key="go" onClick={onGo}>
          go
        </button>
      </>
    );
  }
  const serverScreen = (
    <>
      <input aria-label="box" data-takeover-key="box" />
      <button type="button" data-takeover-key="go">
        go
      </button>
    </>
  );

  it("puts what was typed before the code arrived into the live box, with the focus", async () => {
    const user = userEvent.setup();
    const code = deferred<typeof Live>();
    render(
      <Takeover load={() => code.promise} props={{ onGo: jest.fn() }} pendingLabel="loading...">
        {serverScreen}
      </Takeover>,
    );
    await user.type(screen.getByRole("textbox", { name: "box" }), "alice");
    await act(async () => code.resolve(Live));
    expect(await screen.findByText("live: alice", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "box" })).toHaveFocus();
    await user.keyboard("!");
    expect(screen.getByText("live: alice!")).toBeInTheDocument();
  });

  it("marks a control used before the code arrived as busy, says what is loading, and replays the click on the live control", async () => {
    const user = userEvent.setup();
    const code = deferred<typeof Live>();
    const onGo = jest.fn();
    render(
      <Takeover load={() => code.promise} props={{ onGo }} pendingLabel="loading...">
        {serverScreen}
      </Takeover>,
    );
    await user.click(screen.getByRole("button", { name: "go" }));
    expect(screen.getByRole("button", { name: "go" })).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("status")).toHaveTextContent("loading...");
    expect(onGo).not.toHaveBeenCalled();
    await act(async () => code.resolve(Live));
    await waitFor(() => expect(onGo).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("stays on the server's screen when the code cannot be loaded, and tries again on the next use", async () => {
    const user = userEvent.setup();
    let failing = true;
    const load = jest.fn(() => (failing ? Promise.reject(new Error("ChunkLoadError")) : Promise.resolve(Live)));
    const onGo = jest.fn();
    render(
      <Takeover load={load} props={{ onGo }} pendingLabel="loading...">
        {serverScreen}
      </Takeover>,
    );
    await user.click(screen.getByRole("button", { name: "go" }));
    await waitFor(() => expect(screen.queryByRole("status")).not.toBeInTheDocument(), { timeout: 10_000 });
    expect(screen.getByRole("button", { name: "go" })).not.toHaveAttribute("aria-busy");
    expect(onGo).not.toHaveBeenCalled();
    failing = false;
    await user.click(screen.getByRole("button", { name: "go" }));
    await waitFor(() => expect(onGo).toHaveBeenCalledTimes(1), { timeout: 10_000 });
  });
});
