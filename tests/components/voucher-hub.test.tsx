import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { VoucherHub } from "@/components/vouchers/voucher-hub";
import { endOfUkDay, ukDateOf } from "@/lib/rules/vouchers";
import { installFakeFetch } from "../helpers/fake-fetch";
import { navigation } from "../helpers/next-navigation";
import { installDomShims } from "../helpers/dom-shims";
import { renderWithClient } from "../helpers/render-with-client";
import { voucherDto as voucher } from "../helpers/voucher-dto";
import { expectTexts, expectToast } from "../helpers/screen-checks";

jest.mock("next/navigation", () => jest.requireActual("../helpers/next-navigation").nextNavigation);
// The sends in progress have their own test (voucher-send-jobs.test.tsx) and their own call: left
// out here, so each test's queued replies stay the table's.
jest.mock("@/components/vouchers/voucher-send-jobs", () => ({ VoucherSendJobs: () => null }));
const mockReplace = navigation.router.replace;
navigation.pathname = "/vouchers";

installDomShims();

const active = voucher(1, { title: "Autumn treat", description: "a warm welcome", promoCode: "AUTUMN10", expiresAt: "2099-11-22T23:59:59.000Z" });
const redeemed = voucher(2, { title: "Pastry deal", promoCode: "PASTRY", status: "redeemed", isActive: false, discountType: "fixed", discountValue: 2.5, discountAmount: "2.50", discountPercent: null, expiresAt: null });
const list = [active, redeemed];

function renderHub() {
  renderWithClient(<VoucherHub />);
}

const rowButton = async (id: number, name: RegExp) => within(await screen.findByTestId(`voucher-row-${id}`)).getByRole("button", { name });

beforeEach(() => {
  navigation.search = "";
  mockReplace.mockReset();
  window.sessionStorage.clear();
});
afterEach(() => act(() => dismiss()));

describe("voucher hub", () => {
  it("shows a skeleton, then the table with status, discount, code and expiry; non-active vouchers cannot be edited or cancelled", async () => {
    installFakeFetch({ status: 200, body: list });
    renderHub();
    expect(screen.getByRole("heading", { name: "voucher hub" })).toBeInTheDocument();
    expect(screen.getByLabelText("loading vouchers")).toBeInTheDocument();

    const row1 = within(await screen.findByTestId("voucher-row-1"));
    expectTexts(["Autumn treat", "a warm welcome", "active", "10% off", "AUTUMN10", "Nov 22, 2099"], row1);
    expect(row1.getByRole("button", { name: /edit/ })).toBeEnabled();

    const row2 = within(screen.getByTestId("voucher-row-2"));
    expectTexts(["redeemed", "£2.50 off", "No expiry"], row2);
    expect(row2.getByRole("button", { name: /edit/ })).toBeDisabled();
    expect(row2.getByRole("button", { name: /edit/ })).toHaveAttribute("title", "Cannot edit - voucher is redeemed");
    expect(row2.getByRole("button", { name: /cancel/ })).toBeDisabled();
    expect(row2.getByRole("button", { name: /cancel/ })).toHaveAttribute("title", "Cannot cancel - voucher is redeemed");
    expect(row2.getByRole("button", { name: /reuse/ })).toBeEnabled();
  });

  it("searches title, description and code; the empty state's hint depends on the search", async () => {
    installFakeFetch({ status: 200, body: list });
    const user = userEvent.setup();
    renderHub();
    await screen.findByTestId("voucher-row-1");
    const search = screen.getByPlaceholderText("search vouchers...");
    await user.type(search, "pastry");
    await waitFor(() => expect(screen.queryByTestId("voucher-row-1")).not.toBeInTheDocument());
    expect(screen.getByTestId("voucher-row-2")).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "warm welcome");
    await waitFor(() => expect(screen.queryByTestId("voucher-row-2")).not.toBeInTheDocument());
    await user.clear(search);
    await user.type(search, "autumn1");
    await waitFor(() => expect(screen.getByTestId("voucher-row-1")).toBeInTheDocument());
    await user.type(search, "zzz");
    expect(await screen.findByText("no vouchers found")).toBeInTheDocument();
    expect(screen.getByText(/try a different search/)).toBeInTheDocument();
  });

  it("with no vouchers at all, invites the first one", async () => {
    installFakeFetch({ status: 200, body: [] });
    renderHub();
    expect(await screen.findByText("no vouchers found")).toBeInTheDocument();
    expect(screen.getByText("create your first voucher to reward your customers.")).toBeInTheDocument();
  });

  it("remembers each explainer's open state for the session", async () => {
    installFakeFetch({ status: 200, body: [] });
    const user = userEvent.setup();
    renderHub();
    await user.click(screen.getByRole("button", { name: "customer permissions" }));
    expect(window.sessionStorage.getItem("vouchers:explainer:permissions")).toBe("1");
    expect(screen.getByText(/email needs email consent and SMS needs SMS consent/)).toBeInTheDocument();
  });

  it("opens the create dialog from ?create=1&customerIds=... with those customers selected", async () => {
    navigation.search = "create=1&customerIds=1,2,x";
    installFakeFetch(
      { status: 200, body: [] },
      { status: 200, body: [] },
      { status: 200, body: { hasRecentVouchers: false } },
      { status: 200, body: { hasRecentVouchers: false } },
    );
    renderHub();
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByRole("heading", { name: "create voucher" })).toBeInTheDocument();
    expect(dialog.getByText("(2 selected)")).toBeInTheDocument();
  });

  it("reuse opens the create dialog with the voucher's fields", async () => {
    installFakeFetch({ status: 200, body: list }, { status: 200, body: [] });
    const user = userEvent.setup();
    renderHub();
    await user.click(within(await screen.findByTestId("voucher-row-2")).getByRole("button", { name: /reuse/ }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByLabelText("title *")).toHaveValue("Pastry deal");
    expect(dialog.getByLabelText("promo code *")).toHaveValue("PASTRY");
    expect(dialog.getByLabelText("discount type")).toHaveValue("fixed");
    expect(dialog.getByLabelText("discount (£) *")).toHaveValue(2.5);
    expect(dialog.getByText("(0 selected)")).toBeInTheDocument();
  });

  it("cancels after the 'delete voucher' confirmation", async () => {
    const fetchMock = installFakeFetch(
      { status: 200, body: list },
      { status: 200, body: { voucher: { ...active, status: "cancelled", isActive: false }, message: "voucher deleted" } },
      { status: 200, body: [{ ...active, status: "cancelled", isActive: false }, redeemed] },
    );
    const user = userEvent.setup();
    renderHub();
    await user.click(await rowButton(1, /cancel/));
    const dialog = within(await screen.findByRole("alertdialog"));
    expect(dialog.getByText("delete voucher", { selector: "h2" })).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "delete voucher" }));
    expect(await screen.findByText("voucher deleted")).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe("/api/vouchers/1");
    expect((init as RequestInit).method).toBe("DELETE");
  });

  it("shows 'delete failed' with the server's message", async () => {
    installFakeFetch(
      { status: 200, body: list },
      { status: 409, body: { message: "Cannot cancel - voucher is redeemed" } },
      { status: 200, body: list },
    );
    const user = userEvent.setup();
    renderHub();
    await user.click(await rowButton(1, /cancel/));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "delete voucher" }));
    await expectToast("delete failed", "Cannot cancel - voucher is redeemed");
  });
});

describe("Edit voucher dialog", () => {
  it("validates, keeps code and recipient locked, sends the expiry as 23:59:59 UK time, and acknowledges the notification", async () => {
    const day = ukDateOf(new Date(Date.now() + 20 * 86_400_000));
    const updated = { ...active, title: "Autumn special" };
    const fetchMock = installFakeFetch(
      { status: 200, body: list },
      { status: 200, body: { voucher: updated, emailSent: true, message: "voucher updated successfully and customer notified" } },
      { status: 200, body: [updated, redeemed] },
    );
    const user = userEvent.setup();
    renderHub();
    await user.click(await rowButton(1, /edit/));
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByLabelText(/promo code/)).toBeDisabled();
    expect(dialog.getByLabelText(/promo code/)).toHaveValue("AUTUMN10");
    expect(dialog.getByLabelText(/recipient/)).toBeDisabled();

    const title = dialog.getByLabelText("title *");
    await user.clear(title);
    await user.click(dialog.getByRole("button", { name: "save changes" }));
    expect(await screen.findByText("please fill in all required fields")).toBeInTheDocument();
    await user.type(title, "Autumn special");

    // Changing the type clears the value; only digits and one decimal point are kept.
    await user.selectOptions(dialog.getByLabelText("discount type"), "fixed");
    const value = dialog.getByLabelText("discount (£) *");
    expect(value).toHaveValue("");
    await user.type(value, "1a2.3.4");
    expect(value).toHaveValue("12.34");
    await user.type(dialog.getByLabelText("minimum spend (£)"), "£5.x5");
    expect(dialog.getByLabelText("minimum spend (£)")).toHaveValue("5.5");

    const expiry = dialog.getByLabelText("expiry date *");
    expect(expiry).toHaveAttribute("min", ukDateOf(new Date()));
    fireEvent.change(expiry, { target: { value: "2020-01-01" } });
    await user.click(dialog.getByRole("button", { name: "save changes" }));
    expect(await screen.findByText("expiry date must be in the future")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.change(expiry, { target: { value: day } });
    await user.click(dialog.getByRole("button", { name: "save changes" }));
    expect(await screen.findByText("voucher updated successfully and customer notified")).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe("/api/vouchers/1");
    expect((init as RequestInit).method).toBe("PUT");
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      title: "Autumn special",
      description: "a warm welcome",
      discountType: "fixed",
      discountValue: "12.34",
      minSpend: "5.5",
      expiresAt: endOfUkDay(day).toISOString(),
    });
    const ack = within(await screen.findByRole("alertdialog"));
    expect(ack.getByText("customer notified")).toBeInTheDocument();
    await user.click(ack.getByRole("button", { name: "acknowledge" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });

  it("shows 'error' with the server's message", async () => {
    installFakeFetch({ status: 200, body: list }, { status: 409, body: { message: "Cannot edit - voucher is redeemed" } });
    const user = userEvent.setup();
    renderHub();
    await user.click(await rowButton(1, /edit/));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "save changes" }));
    await expectToast("error", "Cannot edit - voucher is redeemed");
  });
});
