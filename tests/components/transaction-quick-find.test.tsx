import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CustomerQuickFind, quickFindMatches } from "@/components/transactions/customer-quick-find";
import { callsTo, customer, polyfillRadix, renderWithClient, routeFetch } from "./transaction-fixtures";

// Issue 20: the till's quick-find (cmdk). Type a name, phone or membership number; Enter opens
// "add transaction" for the highlighted customer; a scanner's number + Enter does the same.

polyfillRadix();
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

const alice = customer(1, { name: "Alice Archer", phone: "+447737100372", membershipNumber: "5254344368" });
const bob = customer(2, { name: "Bob Baker", phone: "+447700900123", membershipNumber: "8151957407" });

function setup() {
  const fetch = routeFetch([["GET", "/api/customers", { status: 200, body: [alice, bob] }]]);
  const onPick = jest.fn();
  const user = userEvent.setup();
  renderWithClient(<CustomerQuickFind onPick={onPick} />);
  return { fetch, onPick, user, input: screen.getByRole("combobox", { name: "quick find a customer" }) };
}

describe("CustomerQuickFind", () => {
  it("fetches nothing until something is typed", () => {
    const { fetch } = setup();
    expect(callsTo(fetch, "GET", "/api/customers")).toHaveLength(0);
  });

  it("Enter after a scanned membership number opens that customer's transaction", async () => {
    const { onPick, user, input } = setup();
    await user.type(input, "8151957407");
    expect(await screen.findByRole("option", { name: /Bob Baker/ })).toBeInTheDocument();
    await user.keyboard("{Enter}");
    expect(onPick).toHaveBeenCalledWith(bob);
    expect(input).toHaveValue("");
  });

  it("finds by name and by the phone number in the form the owner typed; arrows move the choice", async () => {
    const { onPick, user, input } = setup();
    await user.type(input, "07737 100");
    expect(await screen.findByRole("option", { name: /Alice Archer/ })).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: /Bob Baker/ })).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "ba");
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(1)); // Bob Baker ("ba" is not in Alice Archer)
    await user.clear(input);
    await user.type(input, "a");
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(2));
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onPick).toHaveBeenCalledWith(bob);
  });

  it("matches a membership number exactly first", () => {
    const c1 = customer(3, { name: "Carl", membershipNumber: "1815195740" });
    expect(quickFindMatches([c1, bob], "8151957407").map((c) => c.name)).toEqual(["Bob Baker"]);
    expect(quickFindMatches([c1, bob], "815195").map((c) => c.name)).toEqual(["Carl", "Bob Baker"]);
    expect(quickFindMatches([alice, bob], "")).toEqual([]);
  });
});
