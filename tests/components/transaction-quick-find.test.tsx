import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CustomerQuickFind, quickFindOrder } from "@/components/transactions/customer-quick-find";
import { customer, polyfillRadix, renderWithClient } from "./transaction-fixtures";
import { serveCustomers } from "../helpers/fake-customer-api";

// Issue 20: the till's quick-find (cmdk). Type a name, phone or membership number; Enter opens
// "add transaction" for the highlighted customer; a scanner's number + Enter does the same.
// Issue 23: the matches are the server's search (the first 8), not a filter over the whole list.

polyfillRadix();
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

/** The answers come after the pause in typing, on a machine that may be busy. */
const SLOW = { timeout: 10_000 };

const alice = customer(1, { name: "Alice Archer", phone: "+447737100372", membershipNumber: "5254344368" });
const bob = customer(2, { name: "Bob Baker", phone: "+447700900123", membershipNumber: "8151957407" });

function setup(customers = [alice, bob]) {
  const api = serveCustomers(customers);
  const onPick = jest.fn();
  const user = userEvent.setup();
  renderWithClient(<CustomerQuickFind onPick={onPick} />);
  return { api, onPick, user, input: screen.getByRole("combobox", { name: "quick find a customer" }) };
}

describe("CustomerQuickFind", () => {
  it("fetches nothing until something is typed", async () => {
    const { api } = setup();
    await new Promise((r) => setTimeout(r, 300));
    expect(api.listCalls()).toHaveLength(0);
  });

  it("asks the server for the first 8 matches of what is typed, after the pause in typing", async () => {
    const many = Array.from({ length: 20 }, (_, i) => customer(10 + i, { name: `Guest ${i}` }));
    const { api, user, input } = setup([alice, bob, ...many]);
    await user.click(input);
    await user.paste("guest");
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(8), SLOW);
    expect(api.listCalls()).toEqual(["/api/customers?q=guest&sort=joined&order=desc&limit=8&total=1"]);
    await user.clear(input);
    await user.paste("nobody");
    expect(await screen.findByText("no customer matches", {}, SLOW)).toBeInTheDocument();
  });

  it("Enter after a scanned membership number opens that customer's transaction", async () => {
    const { onPick, user, input } = setup();
    await user.type(input, "8151957407");
    expect(await screen.findByRole("option", { name: /Bob Baker/ }, SLOW)).toBeInTheDocument();
    await user.keyboard("{Enter}");
    expect(onPick).toHaveBeenCalledWith(bob);
    expect(input).toHaveValue("");
  });

  it("a scanner's Enter before the answer (faster than the pause) picks the match once it is in", async () => {
    const { api, onPick, user, input } = setup();
    api.hold();
    await user.click(input);
    await user.paste("8151957407");
    await user.keyboard("{Enter}");
    expect(onPick).not.toHaveBeenCalled();
    api.release();
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(bob), SLOW);
    expect(input).toHaveValue("");
    // Asked at once for what was scanned, without waiting for the pause.
    expect(api.listCalls()[0]).toBe("/api/customers?q=8151957407&sort=joined&order=desc&limit=8&total=1");
  });

  it("finds by name and by the phone number; arrows move the choice", async () => {
    const { onPick, user, input } = setup();
    await user.click(input);
    await user.paste("7737100");
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(1), SLOW);
    expect(screen.getByRole("option", { name: /Alice Archer/ })).toBeInTheDocument();
    await user.clear(input);
    await user.paste("ba");
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(1), SLOW); // Bob Baker ("ba" is not in Alice Archer)
    await user.clear(input);
    await user.paste("a");
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2), SLOW);
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onPick).toHaveBeenCalledWith(alice); // newest first: Bob (id 2), then Alice
  });

  it("puts an exact membership number first, in any form it is typed", () => {
    const c1 = customer(3, { name: "Carl", membershipNumber: "1815195740" });
    expect(quickFindOrder([c1, bob], "8151957407").map((c) => c.name)).toEqual(["Bob Baker", "Carl"]);
    expect(quickFindOrder([c1, bob], "8151 9574 07").map((c) => c.name)).toEqual(["Bob Baker", "Carl"]);
    expect(quickFindOrder([c1, bob], "815195").map((c) => c.name)).toEqual(["Carl", "Bob Baker"]);
  });
});
