import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { PreferencesForm } from "@/components/portal/preferences-form";
import { CustomerPreferences, type PreferencesStart } from "@/components/portal/customer-preferences";
import { CODE_SENT, EMAIL, account, callsTo, polyfillRadix, preferences, renderWithClient, routeFetch, serverError } from "./portal-fixtures";
import { expectToast } from "../helpers/screen-checks";

let mockSearch = "";
jest.mock("next/navigation", () => ({
  useSearchParams: () => new URLSearchParams(mockSearch),
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
}));

polyfillRadix();

const enc = encodeURIComponent(EMAIL);
const PREFS = (id: number) => `/api/customer-portal/preferences/${enc}?customerId=${id}`;
const ACCOUNTS = `/api/customer-portal/accounts/${enc}`;
const grind = account(7, "The Daily Grind");
const bean = account(8, "Bean There");

afterEach(() => {
  act(() => dismiss());
  mockSearch = "";
});

describe("PreferencesForm", () => {
  it("loads the record, shows who last updated it, and saves the form values", async () => {
    const saved = preferences(7, { firstName: "Jo", marketingConsentSms: true, marketingPreferencesLastUpdatedBy: "customer", marketingPreferencesLastUpdatedAt: "2026-03-01T12:30:00.000Z" });
    const fetch = routeFetch([
      ["GET", PREFS(7), { status: 200, body: preferences(7) }],
      ["PUT", "/api/customer-portal/preferences", { status: 200, body: { message: "Preferences updated", preferences: saved } }],
    ]);
    const user = userEvent.setup();
    renderWithClient(<PreferencesForm email={EMAIL} account={grind} accountCount={1} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading your preferences");

    const first = await screen.findByLabelText("First name");
    await waitFor(() => expect(first).toHaveValue("Jamie"));
    expect(screen.getByLabelText("Email")).toHaveAttribute("readonly");
    expect(screen.getByRole("checkbox", { name: "Email marketing" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "SMS marketing" })).not.toBeChecked();
    expect(screen.getByText(/Service communications .* will always continue/)).toBeInTheDocument();
    expect(screen.getByTestId("preferences-last-updated")).toHaveTextContent("Last updated by the business on 03/01/2026, 10:00");

    await user.clear(first);
    await user.type(first, "Jo");
    await user.clear(screen.getByLabelText("Phone"));
    await user.type(screen.getByLabelText("Phone"), "07700 900 999");
    await user.click(screen.getByRole("checkbox", { name: "SMS marketing" }));
    await user.click(screen.getByRole("button", { name: "Save Preferences" }));

    expect(await screen.findByText("Preferences updated")).toBeInTheDocument();
    expect(callsTo(fetch, "PUT", "/api/customer-portal/preferences")).toEqual([
      { customerId: 7, email: EMAIL, firstName: "Jo", lastName: "Jones", phone: "+447700900999", marketingConsentEmail: true, marketingConsentSms: true },
    ]);
    expect(screen.getByTestId("preferences-last-updated")).toHaveTextContent("Last updated by you (customer) on 01/03/2026, 12:30");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("shows the spec's messages without calling the server", async () => {
    const fetch = routeFetch([["GET", PREFS(7), { status: 200, body: preferences(7) }]]);
    const user = userEvent.setup();
    renderWithClient(<PreferencesForm email={EMAIL} account={grind} accountCount={1} />);
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveValue("Jamie"));
    await user.clear(screen.getByLabelText("First name"));
    await user.clear(screen.getByLabelText("Last name"));
    await user.clear(screen.getByLabelText("Phone"));
    await user.click(screen.getByRole("button", { name: "Save Preferences" }));
    expect(await screen.findByText("First name is required")).toBeInTheDocument();
    expect(screen.getByText("Last name is required")).toBeInTheDocument();
    expect(screen.getByText("Phone number is required")).toBeInTheDocument();
    expect(callsTo(fetch, "PUT", "/api/customer-portal/preferences")).toHaveLength(0);
  });

  it("offers to apply the preferences to all accounts when there are several", async () => {
    const fetch = routeFetch([
      ["GET", PREFS(7), { status: 200, body: preferences(7) }],
      ["PUT", "/api/customer-portal/preferences", { status: 200, body: { message: "Preferences updated", preferences: preferences(7, { marketingConsentEmail: false }) } }],
      ["PUT", "/api/customer-portal/preferences/all", { status: 200, body: { message: "All accounts updated", updated: 2 } }],
    ]);
    const user = userEvent.setup();
    renderWithClient(<PreferencesForm email={EMAIL} account={grind} accountCount={2} />);
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveValue("Jamie"));
    await user.click(screen.getByRole("checkbox", { name: "Email marketing" }));
    await user.click(screen.getByRole("button", { name: "Save Preferences" }));

    const prompt = await screen.findByRole("alertdialog", { name: "apply to all accounts?" });
    expect(prompt).toHaveTextContent("You have 2 loyalty accounts with this email address.");
    await user.click(within(prompt).getByRole("button", { name: "Apply to all accounts" }));
    expect(await screen.findByText("All accounts updated")).toBeInTheDocument();
    const body = { customerId: 7, email: EMAIL, firstName: "Jamie", lastName: "Jones", phone: "+447700900123", marketingConsentEmail: false, marketingConsentSms: false };
    expect(callsTo(fetch, "PUT", "/api/customer-portal/preferences/all")).toEqual([body]);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });

  it("shows 'Error updating preferences' with the server's message", async () => {
    routeFetch([
      ["GET", PREFS(7), { status: 200, body: preferences(7) }],
      ["PUT", "/api/customer-portal/preferences", { status: 409, body: { message: "A customer with this phone number already exists" } }],
    ]);
    const user = userEvent.setup();
    renderWithClient(<PreferencesForm email={EMAIL} account={grind} accountCount={1} />);
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveValue("Jamie"));
    await user.click(screen.getByRole("button", { name: "Save Preferences" }));
    expect(await screen.findByText("Error updating preferences")).toBeInTheDocument();
    expect(screen.getByText("A customer with this phone number already exists")).toBeInTheDocument();
  });
});

describe("CustomerPreferences flow", () => {
  /** What the page read on the server for a browser that proved the address: one account (The Daily Grind, customer 7) and its preferences. */
  const grindStart: PreferencesStart = { email: EMAIL, accounts: [grind], preferences: preferences(7) };
  /** Presses the button and returns the confirmation it opens. */
  const confirmationOf = async (user: ReturnType<typeof userEvent.setup>, button: string, title: string) => {
    await user.click(await screen.findByRole("button", { name: button }));
    return screen.findByRole("alertdialog", { name: title });
  };

  it("email entry, code, then the account chooser with 'Back to Email Entry', then the chosen account's form", async () => {
    const fetch = routeFetch([
      ["POST", "/api/customer/verify-access", { status: 200, body: CODE_SENT }, { status: 200, body: { success: true, verified: true, email: EMAIL, message: "Access granted", customer: null } }],
      ["GET", ACCOUNTS, { status: 200, body: { accounts: [grind, bean] } }],
      ["GET", PREFS(8), { status: 200, body: preferences(8, { businessName: "Bean There" }) }],
    ]);
    const user = userEvent.setup();
    renderWithClient(<CustomerPreferences start={null} />);
    await user.type(await screen.findByLabelText("Email address"), `${EMAIL}{Enter}`);
    await user.type(await screen.findByLabelText("6-digit code"), "654321");
    await user.click(screen.getByRole("button", { name: "Verify Code" }));

    expect(await screen.findByText("choose an account")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back to Email Entry" })).toBeInTheDocument();
    const option = screen.getByRole("button", { name: /Bean There/ });
    expect(option).toHaveTextContent("Membership 1000 0000 08 · 50 points · £20.00 spent · joined 03/01/2026");
    await user.click(option);
    expect(await screen.findByText("Bean There · membership 1000 0000 08")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveValue("Jamie"));
    expect(screen.getByRole("heading", { name: "your preferences" })).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/customer/verify-access")).toEqual([{ email: EMAIL }, { email: EMAIL, code: "654321" }]);
  });

  // Issue 23: the page reads the session on the server, so the first render is the form itself
  // (it was a skeleton that the form replaced: CLS 0.258), and nothing is asked of the server.
  it("renders the form at once, with no request, from what the page read for the browser's session", () => {
    const fetch = routeFetch([]);
    renderWithClient(<CustomerPreferences start={grindStart} />);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "your preferences" })).toBeInTheDocument();
    expect(screen.getByLabelText("First name")).toHaveValue("Jamie");
    expect(screen.getByRole("checkbox", { name: "Email marketing" })).toBeChecked();
    expect(screen.queryByText("choose an account")).not.toBeInTheDocument();
    expect(screen.getByText("account management")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("offers the chooser when the page read several accounts, then reads the chosen account's preferences", async () => {
    const fetch = routeFetch([["GET", PREFS(8), { status: 200, body: preferences(8, { businessName: "Bean There" }) }]]);
    const user = userEvent.setup();
    renderWithClient(<CustomerPreferences start={{ email: EMAIL, accounts: [grind, bean] }} />);
    await user.click(screen.getByRole("button", { name: /Bean There/ }));
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveValue("Jamie"));
    expect(callsTo(fetch, "GET", PREFS(8))).toHaveLength(1);
  });

  it("shows 'customer not found' with a try-again button", async () => {
    routeFetch([]);
    const user = userEvent.setup();
    renderWithClient(<CustomerPreferences start={{ email: EMAIL, accounts: [] }} />);
    expect(await screen.findByText("customer not found")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByLabelText("Email address")).toHaveValue(EMAIL);
  });

  it("snoozes after confirmation, which ends the session and returns to email entry", async () => {
    const fetch = routeFetch([
      ["PATCH", "/api/customer-portal/snooze", { status: 200, body: { message: "Account snoozed" } }],
    ]);
    const user = userEvent.setup();
    renderWithClient(<CustomerPreferences start={grindStart} />);
    const confirm = await confirmationOf(user, "Snooze Account", "snooze your account?");
    expect(confirm).toHaveTextContent("reactivates automatically with any transaction");
    expect(confirm).toHaveTextContent("5 months");
    await user.click(within(confirm).getByRole("button", { name: "Snooze Account" }));
    expect(await screen.findByText("Account snoozed")).toBeInTheDocument();
    expect(await screen.findByLabelText("Email address")).toBeInTheDocument();
    expect(callsTo(fetch, "PATCH", "/api/customer-portal/snooze")).toEqual([{ email: EMAIL, customerId: 7 }]);
  });

  it("closes permanently after confirmation; a refusal shows 'Error closing account' and keeps the form", async () => {
    routeFetch([
      ["PATCH", "/api/customer-portal/close", serverError("This account is already closed", 409), { status: 200, body: { message: "Account closed" } }],
    ]);
    const user = userEvent.setup();
    renderWithClient(<CustomerPreferences start={grindStart} />);
    let confirm = await confirmationOf(user, "Close Account", "close your account permanently?");
    expect(confirm).toHaveTextContent("points are forfeited");
    expect(confirm).toHaveTextContent("28 days");
    await user.click(within(confirm).getByRole("button", { name: "Close Account Permanently" }));
    await expectToast("Error closing account", "This account is already closed");

    confirm = screen.getByRole("alertdialog", { name: "close your account permanently?" });
    await user.click(within(confirm).getByRole("button", { name: "Close Account Permanently" }));
    expect(await screen.findByText("Account closed")).toBeInTheDocument();
    expect(await screen.findByLabelText("Email address")).toBeInTheDocument();
  });
});
