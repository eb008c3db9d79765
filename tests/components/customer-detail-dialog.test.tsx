import { useState, useSyncExternalStore } from "react";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { queryKeys } from "@/lib/client/query-keys";
import { dismiss } from "@/hooks/use-toast";
import { CustomerDetailDialog, type CustomerDetailTab } from "@/components/customers/customer-detail-dialog";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { customerPagesKey, DEFAULT_CUSTOMER_ORDER, type CustomerPage } from "@/components/customers/customer-queries";
import { installFakeFetch } from "../helpers/fake-fetch";
import { renderWithClient } from "../helpers/render-with-client";
import { customerDto } from "../helpers/customer-dto";
import { expectToast } from "../helpers/screen-checks";

if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
}

const BASE: CustomerDto = customerDto(42, {
  name: "Ann Lee",
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@cafe.test",
  phone: "+447700900123",
  dateOfBirth: "1990-05-17",
  membershipNumber: "LL-4242",
  totalPoints: 120,
  lifetimeSpent: "45.50",
  lastVisit: null,
  marketingConsentSms: true,
  marketingPreferencesLastUpdatedBy: "customer",
  marketingPreferencesLastUpdatedAt: "2026-02-14T13:05:00.000Z",
});

/** The hub's first page list (newest first, no search), as useCustomerPages caches it. */
const HUB_PAGES = customerPagesKey({ q: "", ...DEFAULT_CUSTOMER_ORDER });
const firstRow = (client: QueryClient) => client.getQueryData<InfiniteData<CustomerPage>>(HUB_PAGES)?.pages[0]?.rows[0] ?? null;

/** Like the hub: the dialog shows the customer as it is in the cached page list. */
function renderDialog(customer: CustomerDto, tab: CustomerDetailTab = "details") {
  const client: QueryClient = makeQueryClient();
  client.setQueryData<InfiniteData<CustomerPage>>(HUB_PAGES, { pages: [{ rows: [customer], next: null, total: null }], pageParams: [null] });
  client.setQueryData(queryKeys.subscriptionUsage, { isAtLimit: false, subscriptionStatus: "trial", customersUsed: 1, customersLimit: 10 });
  client.setQueryData(queryKeys.dashboard.stats, {});
  function Harness() {
    const [current, setCurrent] = useState(tab);
    const [open, setOpen] = useState(true);
    // Re-render when the cached list changes, as the hub's useQuery would.
    const shown = useSyncExternalStore((onChange) => client.getQueryCache().subscribe(onChange), () => firstRow(client));
    return <CustomerDetailDialog customer={open ? shown : null} tab={current} onTabChange={setCurrent} onClose={() => setOpen(false)} />;
  }
  renderWithClient(<Harness />, { client });
  return client;
}

const apiError = (status: number, message: string, code = "bad_request") => ({ status, body: { message, error: { code, message } } });
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));

afterEach(() => {
  act(() => dismiss());
});

describe("CustomerDetailDialog: Customer Details", () => {
  it("edits the details with a PATCH and says 'customer updated'", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: { ...BASE, name: "Ann Lee-Smith", lastName: "Lee-Smith" } });
    const user = userEvent.setup();
    const client = renderDialog(BASE);
    expect(screen.getByRole("dialog", { name: "Ann Lee" })).toBeInTheDocument();
    expect(screen.getByLabelText("date of birth")).toHaveValue("1990-05-17");
    await user.clear(screen.getByLabelText("display name"));
    await user.type(screen.getByLabelText("display name"), "Ann Lee-Smith");
    await user.clear(screen.getByLabelText("last name"));
    await user.type(screen.getByLabelText("last name"), "Lee-Smith");
    await user.click(screen.getByRole("button", { name: "save changes" }));
    await expectToast("customer updated", "customer details have been successfully updated");
    expect(fetchMock.mock.calls[0][0]).toBe("/api/customers/42");
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: "PATCH", credentials: "include" });
    expect(bodyOf(fetchMock.mock.calls[0])).toEqual({
      name: "Ann Lee-Smith",
      firstName: "Ann",
      lastName: "Lee-Smith",
      email: "ann@cafe.test",
      phone: "+447700900123",
      dateOfBirth: "1990-05-17",
    });
    await waitFor(() => expect(firstRow(client)?.name).toBe("Ann Lee-Smith"));
  });

  it("requires the display name and a valid email, without calling the server", async () => {
    const fetchMock = installFakeFetch();
    const user = userEvent.setup();
    renderDialog(BASE);
    await user.clear(screen.getByLabelText("display name"));
    await user.clear(screen.getByLabelText("email"));
    await user.type(screen.getByLabelText("email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "save changes" }));
    await expectToast("Name is required", "Please enter a valid email address");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'update failed' with the server's message", async () => {
    installFakeFetch(apiError(409, "A customer with this email already exists", "conflict"));
    const user = userEvent.setup();
    renderDialog(BASE);
    await user.click(screen.getByRole("button", { name: "save changes" }));
    await expectToast("update failed", "A customer with this email already exists");
  });

  it("shows 'Update not allowed' when the server says the account is read-only", async () => {
    const message = "Update not allowed: Cannot modify data for closed accounts. Account is read-only for 28 days.";
    installFakeFetch(apiError(409, message, "conflict"));
    const user = userEvent.setup();
    renderDialog(BASE);
    await user.click(screen.getByRole("button", { name: "save changes" }));
    expect(await screen.findByText("Update not allowed")).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it("makes a closed account read-only: every field and the save button disabled, with a note", () => {
    renderDialog({ ...BASE, accountStatus: "closed", closedAt: "2026-03-01T10:00:00.000Z" });
    for (const label of ["display name", "first name", "last name", "email", "phone", "date of birth"]) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    expect(screen.getByRole("button", { name: "save changes" })).toBeDisabled();
    expect(screen.getByRole("note")).toHaveTextContent("read-only for 28 days");
  });
});

describe("CustomerDetailDialog: Marketing Permissions", () => {
  it("shows the consents and who last changed them, and saves a switch with a PATCH", async () => {
    const fetchMock = installFakeFetch({
      status: 200,
      body: { ...BASE, marketingConsentEmail: true, marketingPreferencesLastUpdatedBy: "business", marketingPreferencesLastUpdatedAt: "2026-03-02T09:30:00.000Z" },
    });
    const user = userEvent.setup();
    renderDialog(BASE, "marketing");
    const email = screen.getByRole("switch", { name: "email marketing" });
    expect(email).not.toBeChecked();
    expect(screen.getByRole("switch", { name: "SMS marketing" })).toBeChecked();
    expect(screen.getByTestId("consent-last-updated")).toHaveTextContent("last updated by customer on 14/02/2026, 13:05");
    await user.click(email);
    expect(await screen.findByText("customer updated")).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe("/api/customers/42");
    expect(bodyOf(fetchMock.mock.calls[0])).toEqual({ marketingConsentEmail: true });
    await waitFor(() => expect(screen.getByTestId("consent-last-updated")).toHaveTextContent("last updated by business on 02/03/2026, 09:30"));
    expect(screen.getByRole("switch", { name: "email marketing" })).toBeChecked();
  });

  it("names any other updater 'system' and disables the switches of a closed account", () => {
    renderDialog({ ...BASE, accountStatus: "closed", marketingPreferencesLastUpdatedBy: "cron" }, "marketing");
    expect(screen.getByTestId("consent-last-updated")).toHaveTextContent("last updated by system");
    expect(screen.getByRole("switch", { name: "email marketing" })).toBeDisabled();
    expect(screen.getByRole("switch", { name: "SMS marketing" })).toBeDisabled();
  });
});

describe("CustomerDetailDialog: Account Management", () => {
  it("snoozes after a confirmation", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: { ...BASE, accountStatus: "snoozed" } });
    const user = userEvent.setup();
    renderDialog(BASE, "account");
    await user.click(screen.getByRole("button", { name: "snooze account" }));
    const confirm = await screen.findByRole("alertdialog", { name: "snooze this account?" });
    expect(confirm).toHaveTextContent("scheduled for automatic deletion in 5 months");
    await user.click(within(confirm).getByRole("button", { name: "snooze account" }));
    await expectToast("Account snoozed", "Customer account has been snoozed until their next transaction");
    expect(fetchMock.mock.calls[0][0]).toBe("/api/customers/42/snooze");
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: "PATCH" });
    expect(fetchMock.mock.calls[0][1]?.body).toBeUndefined();
    // Now snoozed: it offers reactivation instead.
    expect(await screen.findByRole("button", { name: "reactivate account" })).toBeInTheDocument();
  });


  it("closes with close-by-business after a confirmation that says it is permanent", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: { ...BASE, accountStatus: "closed", closedAt: "2026-03-05T12:00:00.000Z" } });
    const user = userEvent.setup();
    renderDialog(BASE, "account");
    await user.click(screen.getByRole("button", { name: "close account" }));
    const confirm = await screen.findByRole("alertdialog", { name: "close this account permanently?" });
    expect(confirm).toHaveTextContent("This is permanent");
    expect(confirm).toHaveTextContent("read-only for 28 days");
    await user.click(within(confirm).getByRole("button", { name: "close account permanently" }));
    await expectToast("Account closed", "Customer account has been permanently closed");
    expect(fetchMock.mock.calls[0][0]).toBe("/api/customers/42/close-by-business");
    // Closed: no more actions, and the details tab becomes read-only.
    await waitFor(() => expect(screen.queryByRole("button", { name: "close account" })).not.toBeInTheDocument());
    await user.click(screen.getByRole("tab", { name: "Customer Details" }));
    expect(screen.getByRole("button", { name: "save changes" })).toBeDisabled();
  });

  it.each([
    { action: "snooze account", confirmWith: "snooze account", title: "Snooze failed", message: "This customer is already snoozed" },
    { action: "close account", confirmWith: "close account permanently", title: "Close failed", message: "Already closed" },
  ])("says '$title' with the server's message", async ({ action, confirmWith, title, message }) => {
    installFakeFetch(apiError(409, message, "conflict"));
    const user = userEvent.setup();
    renderDialog(BASE, "account");
    await user.click(screen.getByRole("button", { name: action }));
    const confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: confirmWith }));
    await expectToast(title, message);
  });

  it("reactivates a paused (snoozed) account", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: { ...BASE, accountStatus: "active" } });
    const user = userEvent.setup();
    renderDialog({ ...BASE, accountStatus: "paused" }, "account");
    expect(screen.queryByRole("button", { name: "snooze account" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "reactivate account" }));
    await expectToast("Account reactivated", "Customer account has been reactivated");
    expect(fetchMock.mock.calls[0][0]).toBe("/api/customers/42/reactivate");
  });

  it("says 'Reactivation failed' with the server's message", async () => {
    installFakeFetch(apiError(409, "Only snoozed accounts can be reactivated", "conflict"));
    const user = userEvent.setup();
    renderDialog({ ...BASE, accountStatus: "snoozed" }, "account");
    await user.click(screen.getByRole("button", { name: "reactivate account" }));
    await expectToast("Reactivation failed", "Only snoozed accounts can be reactivated");
  });

  it("offers nothing for a closed account but the read-only note", () => {
    renderDialog({ ...BASE, accountStatus: "closed" }, "account");
    expect(screen.queryByRole("button", { name: /snooze|close account|reactivate/ })).not.toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("read-only for 28 days");
  });
});

describe("CustomerDetailDialog: delete customer (issue 17, two steps)", () => {
  it("explains what goes, then asks for the membership number before sending DELETE; then closes the dialog", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: { message: "Customer deleted", id: 42 } });
    const user = userEvent.setup();
    const client = renderDialog({ ...BASE, accountStatus: "closed" }, "account");
    await user.click(screen.getByRole("button", { name: "delete customer" }));
    const first = await screen.findByRole("alertdialog", { name: "delete this customer?" });
    expect(first).toHaveTextContent("120 points will be deleted");
    expect(first).toHaveTextContent("Their transactions stay in your records without their details");
    await user.click(within(first).getByRole("button", { name: "continue" }));
    const second = await screen.findByRole("alertdialog", { name: "confirm deletion" });
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(within(second).getByLabelText("membership number"), "LL-0000");
    expect(within(second).getByRole("alert")).toHaveTextContent("the membership number does not match");
    await user.click(within(second).getByRole("button", { name: "delete permanently" }));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(within(second).getByLabelText("membership number"));
    await user.type(within(second).getByLabelText("membership number"), "ll-4242");
    await user.click(within(second).getByRole("button", { name: "delete permanently" }));
    expect(await screen.findByText("Customer deleted")).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe("/api/customers/42");
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: "DELETE" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The hub's pages are refetched without the deleted customer.
    expect(client.getQueryState(HUB_PAGES)?.isInvalidated).toBe(true);
  });

  it("cancel at the first step sends nothing; a refusal says 'Delete failed' with the server's message", async () => {
    const fetchMock = installFakeFetch(apiError(404, "Customer not found", "not_found"));
    const user = userEvent.setup();
    renderDialog(BASE, "account");
    await user.click(screen.getByRole("button", { name: "delete customer" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "delete customer" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "continue" }));
    const second = await screen.findByRole("alertdialog", { name: "confirm deletion" });
    await user.type(within(second).getByLabelText("membership number"), "LL-4242");
    await user.click(within(second).getByRole("button", { name: "delete permanently" }));
    await expectToast("Delete failed", "Customer not found");
  });
});
