import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { VoucherHub } from "@/components/vouchers/voucher-hub";
import { endOfUkDay, ukDateOf } from "@/lib/rules/vouchers";
import { fakeResponse, installFakeFetch } from "../helpers/fake-fetch";
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

/** GET /api/promos as the server answers it: the search on title, description and code, 50 a page. */
function servePromos(vouchers: ReturnType<typeof voucher>[]) {
  const fetch = installFakeFetch();
  fetch.mockImplementation(async (url: string) => {
    const u = new URL(url, "http://localhost");
    const q = (u.searchParams.get("q") ?? "").toLowerCase();
    const found = vouchers.filter((v) => [v.title, v.description ?? "", v.promoCode].some((t) => t.toLowerCase().includes(q)));
    const from = u.searchParams.get("cursor") ? found.findIndex((v) => `${v.id}.next` === u.searchParams.get("cursor")) + 1 : 0;
    const rows = found.slice(from, from + 50);
    const headers: Record<string, string> = {};
    if (from + 50 < found.length) headers["x-next-cursor"] = `${rows[rows.length - 1].id}.next`;
    if (!u.searchParams.get("cursor")) headers["x-total-count"] = String(found.length);
    return fakeResponse({ status: 200, body: rows, headers });
  });
  return fetch;
}
const promoUrls = (fetch: jest.Mock) => fetch.mock.calls.map(([url]) => new URL(String(url), "http://localhost")).filter((u) => u.pathname === "/api/promos");

function renderHub() {
  renderWithClient(<VoucherHub />);
}

/** The search's debounce, the fetch and the render, on a busy machine. */
const SLOW = { timeout: 5000 };

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

  // Issue 23: the search ran in the browser over every voucher of the business (GET /api/promos, the
  // whole list); it is the server's now (?q=, the same fields), and the list comes 50 at a time.
  it("searches on the server (title, description and code), after a pause in typing; the empty state's hint depends on the search", async () => {
    const fetch = servePromos(list);
    const user = userEvent.setup();
    renderHub();
    await screen.findByTestId("voucher-row-1");
    const search = screen.getByPlaceholderText("search vouchers...");
    await user.type(search, "pastry");
    await waitFor(() => expect(screen.queryByTestId("voucher-row-1")).not.toBeInTheDocument(), SLOW);
    expect(screen.getByTestId("voucher-row-2")).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "warm welcome");
    await waitFor(() => expect(screen.queryByTestId("voucher-row-2")).not.toBeInTheDocument(), SLOW);
    await user.clear(search);
    await user.type(search, "autumn1");
    await waitFor(() => expect(promoUrls(fetch).map((u) => u.searchParams.get("q"))).toContain("autumn1"), SLOW);
    await waitFor(() => expect(screen.getByTestId("voucher-row-1")).toBeInTheDocument(), SLOW);
    expect(screen.queryByTestId("voucher-row-2")).not.toBeInTheDocument();
    await user.type(search, "zzz");
    expect(await screen.findByText("no vouchers found", {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/try a different search/)).toBeInTheDocument();
    const asked = promoUrls(fetch);
    // Every read is a page of the server's search, never the whole list; typing is debounced.
    expect(asked.every((u) => u.searchParams.get("limit") === "50")).toBe(true);
    expect(asked.map((u) => u.searchParams.get("q"))).toEqual(expect.arrayContaining(["pastry", "warm welcome", "autumn1", "autumn1zzz"]));
    expect(asked.length).toBeLessThan(10);
  });

  it("reads the next 50 with the cursor when 'show more' is pressed, and says how many are left", async () => {
    const many = Array.from({ length: 53 }, (_, i) => voucher(200 - i, { title: `Treat ${200 - i}`, promoCode: `TREAT${200 - i}` }));
    const fetch = servePromos(many);
    const user = userEvent.setup();
    renderHub();
    await screen.findByTestId("voucher-row-200");
    expect(screen.getAllByTestId(/^voucher-row-/)).toHaveLength(50);
    await user.click(screen.getByRole("button", { name: "show more (3 more)" }));
    await waitFor(() => expect(screen.getAllByTestId(/^voucher-row-/)).toHaveLength(53), SLOW);
    expect(screen.queryByRole("button", { name: /show more/ })).not.toBeInTheDocument();
    const asked = promoUrls(fetch);
    expect(asked).toHaveLength(2);
    expect(asked[0].searchParams.get("total")).toBe("1");
    expect(asked[1].searchParams.get("cursor")).toBe("151.next");
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
