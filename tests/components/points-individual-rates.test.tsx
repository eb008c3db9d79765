import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeQueryClient } from "@/lib/client/query-client";
import { queryKeys } from "@/lib/client/query-keys";
import { dismiss } from "@/hooks/use-toast";
import { IndividualRatesDialog } from "@/components/points/individual-rates-dialog";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { installFakeFetch } from "../helpers/fake-fetch";
import { serveCustomers } from "../helpers/fake-customer-api";
import { customerDto } from "../helpers/customer-dto";
import { expectToast } from "../helpers/screen-checks";
import { renderWithClient } from "../helpers/render-with-client";

function customer(id: number, name: string, overrides: Partial<CustomerDto> = {}): CustomerDto {
  return customerDto(id, {
    name,
    firstName: name.split(" ")[0],
    lastName: name.split(" ")[1] ?? "",
    email: `c${id}@example.test`,
    phone: "+447700900001",
    membershipNumber: `LL${1000 + id}`,
    totalPoints: 0,
    lifetimeSpent: "0.00",
    lastVisit: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    passkitStatus: null,
    ...overrides,
  });
}

const CUSTOMERS = [
  customer(1, "Alice Active", { pointsPerPound: 1.5, redemptionValue: "1.25", minimumRedemption: 50 }),
  customer(2, "Carl Closed", { accountStatus: "closed" }),
  customer(3, "Sam Snoozed", { accountStatus: "snoozed" }),
  customer(4, "Ann Asleep", { sleepStatus: "asleep" }),
  customer(5, "Dee Deletion", { sleepStatus: "scheduled_deletion" }),
];

/** Past the rates step: Continue, the password, Confirm. */
async function continueAndConfirm(password: string) {
  await userEvent.click(screen.getByRole("button", { name: "Continue" }));
  await userEvent.type(screen.getByLabelText("password"), password);
  await userEvent.click(screen.getByRole("button", { name: "Confirm & Update Rates" }));
}

/** Call after installFakeFetch (the POSTs): GET /api/customers is the server's search of CUSTOMERS. */
function renderDialog(onOpenChange = jest.fn(), adminMode = false) {
  const client = makeQueryClient();
  // The password hint reads the signed-in user; seed it so the dialog makes no extra call.
  client.setQueryData(queryKeys.currentUser, { adminMode });
  serveCustomers(CUSTOMERS);
  renderWithClient(<IndividualRatesDialog open onOpenChange={onOpenChange} />, { client });
  return onOpenChange;
}

/** The answers come after the pause in typing, on a machine that may be busy. */
const SLOW = { timeout: 10_000 };
const row = (name: string) => screen.findByRole("button", { name: new RegExp(`^${name}`) }, SLOW);
const pickAlice = async () => userEvent.click(await row("Alice Active"));

describe("IndividualRatesDialog", () => {
  afterEach(() => act(() => dismiss()));

  it("lists closed, snoozed, asleep and scheduled-for-deletion customers with the reason, not selectable (the server's search, issue 23)", async () => {
    installFakeFetch();
    renderDialog();
    expect(await row("Alice Active")).toBeEnabled();
    expect(await row("Carl Closed")).toHaveTextContent("account closed: no rate changes");
    expect(await row("Carl Closed")).toBeDisabled();
    expect(await row("Sam Snoozed")).toHaveTextContent("account snoozed: no rate changes");
    expect(await row("Sam Snoozed")).toBeDisabled();
    expect(await row("Ann Asleep")).toHaveTextContent("asleep: no rate changes");
    expect(await row("Ann Asleep")).toBeDisabled();
    expect(await row("Dee Deletion")).toHaveTextContent("scheduled for deletion: no rate changes");
    expect(await row("Dee Deletion")).toBeDisabled();
    expect(screen.getByText("closed, snoozed, asleep and scheduled-for-deletion accounts cannot have rate changes.")).toBeInTheDocument();
  });

  it("searches on the server and shows the picked customer with 'change'", async () => {
    installFakeFetch();
    renderDialog();
    await userEvent.type(screen.getByRole("searchbox", { name: "search customer" }), "dee");
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Alice Active/ })).not.toBeInTheDocument(), SLOW);
    expect(await row("Dee Deletion")).toBeInTheDocument();
    await userEvent.clear(screen.getByRole("searchbox", { name: "search customer" }));
    await pickAlice();
    expect(screen.getByTestId("current-customer-rates")).toHaveTextContent("current rates: 1.5 points per £1");
    await userEvent.click(screen.getByRole("button", { name: "change" }));
    expect(screen.queryByTestId("current-customer-rates")).not.toBeInTheDocument();
  });

  it("asks for a customer first: 'Customer Required'", async () => {
    const fetchMock = installFakeFetch();
    renderDialog();
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await expectToast("Customer Required", "Please select a customer to update rates for");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("Continue reveals the password, then 'Confirm & Update Rates' posts the rates", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: { message: "ok", customer: { ...CUSTOMERS[0], pointsPerPound: 2.5 } } });
    const onOpenChange = renderDialog();
    await pickAlice();
    // Prefilled with the customer's own rates.
    expect(screen.getByLabelText("earning rate (points per £1)")).toHaveValue(1.5);
    expect(screen.getByLabelText("redemption value (£ per 100 points)")).toHaveValue(1.25);
    expect(screen.getByLabelText("minimum redemption (points)")).toHaveValue(50);
    expect(screen.queryByLabelText("password")).not.toBeInTheDocument();

    const earning = screen.getByLabelText("earning rate (points per £1)");
    await userEvent.clear(earning);
    await userEvent.type(earning, "2.5");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByLabelText("password")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    // Confirming without a password: 'Password Required'.
    await userEvent.click(screen.getByRole("button", { name: "Confirm & Update Rates" }));
    await expectToast("Password Required", "Please enter your password to confirm rate changes");
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText("password"), "Passw0rd!");
    await userEvent.click(screen.getByRole("button", { name: "Confirm & Update Rates" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/customers/update-rates");
    expect(init).toMatchObject({ method: "POST", credentials: "include" });
    expect(JSON.parse(String(init?.body))).toEqual({ customerId: 1, earningRate: 2.5, redemptionValue: 1.25, minimumRedemption: 50, password: "Passw0rd!" });
    expect(await screen.findByText("Customer Rates Updated")).toBeInTheDocument();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("shows field errors and stays on the first step when a rate is out of range", async () => {
    const fetchMock = installFakeFetch();
    renderDialog();
    await pickAlice();
    const earning = screen.getByLabelText("earning rate (points per £1)");
    await userEvent.clear(earning);
    await userEvent.type(earning, "0.05");
    const minimum = screen.getByLabelText("minimum redemption (points)");
    await userEvent.clear(minimum);
    await userEvent.type(minimum, "0");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await expectToast("Earning rate must be at least 0.1 points per £1", "Minimum redemption must be between 1 and 10,000 points");
    expect(screen.queryByLabelText("password")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue" })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reports 'Update Failed' with the server's message and clears the password", async () => {
    installFakeFetch({ status: 403, body: { message: "Incorrect password. Please check it and try again.", error: { code: "forbidden", message: "Incorrect password. Please check it and try again." } } });
    const onOpenChange = renderDialog();
    await pickAlice();
    await continueAndConfirm("wrong-one");
    await expectToast("Update Failed", "Incorrect password. Please check it and try again.");
    expect(screen.getByLabelText("password")).toHaveValue("");
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to update customer rates' when the server says nothing", async () => {
    installFakeFetch({ status: 500, body: "" });
    renderDialog();
    await pickAlice();
    await continueAndConfirm("pw");
    await expectToast("Update Failed", "Failed to update customer rates");
  });

  it("tells a super admin acting as the business to type their own admin password", async () => {
    installFakeFetch();
    renderDialog(jest.fn(), true);
    await pickAlice();
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("you are acting as this business: enter your own super admin password")).toBeInTheDocument();
  });
});
