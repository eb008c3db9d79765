import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { CreateVoucherDialog, EASY_TIGER, recentNamesText } from "@/components/vouchers/create-voucher-dialog";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { ukDateOf } from "@/lib/rules/vouchers";
import { fakeResponse, installFakeFetch, type Reply } from "../helpers/fake-fetch";
import { serveCustomers, type FakeCustomerApi } from "../helpers/fake-customer-api";
import { customerDto } from "../helpers/customer-dto";
import { installDomShims } from "../helpers/dom-shims";
import { renderWithClient } from "../helpers/render-with-client";

installDomShims();

/** The list's answers come after the search box's pause in typing, on a machine that may be busy. */
const SLOW = { timeout: 10_000 };

function customer(id: number, overrides: Partial<CustomerDto> = {}): CustomerDto {
  return customerDto(id, {
    email: `c${id}@example.test`,
    phone: "+447700900123",
    membershipNumber: String(1000000000 + id),
    totalPoints: 0,
    lifetimeSpent: "0.00",
    lastVisit: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    marketingConsentEmail: true,
    marketingPreferencesLastUpdatedBy: "business",
    passkitStatus: null,
    ...overrides,
  });
}

const consenting = customer(1, { name: "Ada Consent" });
const noEmail = customer(2, { name: "Bo Noemail", marketingConsentEmail: false, marketingConsentSms: true });
const asleep = customer(3, { name: "Cy Sleeper", sleepStatus: "asleep" });
const future = ukDateOf(new Date(Date.now() + 30 * 86_400_000));

/** The server: GET /api/customers searched, paged and filtered like the real one (with
 *  ?eligible=), and `routes` ("METHOD /path" -> reply) for the rest; every call is in api.fetch. */
function serve(customers: CustomerDto[], routes: Record<string, Reply | ((init?: RequestInit) => Reply)> = {}) {
  const other = installFakeFetch();
  other.mockImplementation(async (url: string, init?: RequestInit) => {
    const key = `${(init?.method ?? "GET").toUpperCase()} ${new URL(url, "http://localhost").pathname}`;
    const route = routes[key];
    if (route) return fakeResponse(typeof route === "function" ? route(init) : route);
    if (/recent-vouchers$/.test(key)) return fakeResponse({ status: 200, body: { hasRecentVouchers: false } });
    return fakeResponse({ status: 500, body: { message: `no route for ${key}` } });
  });
  return serveCustomers(customers);
}
const urls = (api: FakeCustomerApi) => api.fetch.mock.calls.map(([url]) => String(url));

function renderDialog(props: Partial<React.ComponentProps<typeof CreateVoucherDialog>> = {}) {
  const onOpenChange = jest.fn();
  const onCreated = jest.fn();
  renderWithClient(<CreateVoucherDialog open onOpenChange={onOpenChange} onCreated={onCreated} {...props} />);
  return { onOpenChange, onCreated };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("title *"), "Spring treat");
  await user.type(screen.getByLabelText("promo code *"), "spring-20");
  await user.type(screen.getByLabelText("discount (%) *"), "20");
  fireEvent.change(screen.getByLabelText("expiry date *"), { target: { value: future } });
}

const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole("button", { name: "create voucher" }));
/** The toast on screen (sonner's list), as opposed to the same words beside a field. */
const toastArea = () => document.querySelector<HTMLElement>("[data-sonner-toaster]")!;
// sonner removes its list while one toast replaces another (one at a time): wait for the list too.
const findToastText = (text: string) => waitFor(() => within(toastArea()).getByText(text), { ...SLOW, onTimeout: (e) => new Error(`no toast "${text}": ${e.message.slice(0, 200)}`) });
const shownToasts = () => Array.from(document.querySelectorAll("[data-sonner-toast]:not([data-removed=true])"));
/** The error shown under a control (its aria-describedby). */
const errorOf = (control: HTMLElement) => document.getElementById(control.getAttribute("aria-describedby") ?? "")?.textContent;
const posts = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "POST");

afterEach(() => act(() => dismiss()));

describe("Create Voucher modal", () => {
  it("'select all eligible' asks the server for the whole list's eligible ids, not only the rows shown (issue 23)", async () => {
    // 40 customers: the first page shows 30; the server's answer names the rest too.
    const many = Array.from({ length: 40 }, (_, i) => customer(100 + i, { marketingConsentEmail: i % 2 === 0 }));
    const api = serve(many);
    const user = userEvent.setup();
    renderDialog();
    expect(await screen.findByText("Customer 139", {}, SLOW)).toBeInTheDocument(); // newest first
    expect(screen.queryByText("Customer 100")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "select all eligible" }));
    // Email is the default channel.
    expect(urls(api)).toContain("/api/customers?eligible=email");
    expect(await screen.findByText("(20 selected)", {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole("searchbox", { name: "search customers" }));
    await user.paste("Customer 10");
    expect(await screen.findByText("Customer 100", {}, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText(/Customer 100/)).toBeChecked(); // ticked by the server's answer, shown now
    expect(screen.getByLabelText(/Customer 101/)).not.toBeChecked(); // no email consent
    await user.click(screen.getByRole("button", { name: "select all eligible" }));
    await waitFor(() => expect(urls(api)).toContain("/api/customers?eligible=email&q=Customer%2010"), SLOW);
  }, 90_000); // 40 rows of checkboxes rendered several times: slow on a busy machine

  it("is the server's search a page at a time: 'load more', 'showing N of M', ticks kept across searches (issue 23)", async () => {
    const many = Array.from({ length: 40 }, (_, i) => customer(100 + i, { name: `Guest ${String(i).padStart(2, "0")}` }));
    const ada = customer(1, { name: "Ada Consent", createdAt: "2026-02-01T00:00:00.000Z" }); // the newest
    const api = serve([ada, ...many]);
    const user = userEvent.setup();
    renderDialog();
    expect(await screen.findByText("Ada Consent", {}, SLOW)).toBeInTheDocument();
    expect(urls(api)[0]).toBe("/api/customers?sort=joined&order=desc&limit=30&total=1");
    expect(screen.getByText("showing 30 of 41 customers: search to find others")).toBeInTheDocument();
    await user.click(screen.getByLabelText(/Ada Consent/));
    await user.click(screen.getByRole("button", { name: "load more" }));
    expect(await screen.findByText("Guest 00", {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "load more" })).not.toBeInTheDocument();
    // A search goes to the server after the pause in typing; Ada stays ticked when she is shown again.
    await user.click(screen.getByRole("searchbox", { name: "search customers" }));
    await user.paste("guest 0");
    await waitFor(() => expect(screen.queryByText("Ada Consent")).not.toBeInTheDocument(), SLOW);
    expect(urls(api)).toContain("/api/customers?q=guest+0&sort=joined&order=desc&limit=30&total=1");
    expect(screen.getByText("(1 selected)")).toBeInTheDocument();
    await user.clear(screen.getByRole("searchbox", { name: "search customers" }));
    await user.paste("zzz");
    expect(await screen.findByText("no customers match your search", {}, SLOW)).toBeInTheDocument();
    await user.clear(screen.getByRole("searchbox", { name: "search customers" }));
    expect(await screen.findByLabelText(/Ada Consent/, {}, SLOW)).toBeChecked();
  }, 90_000); // 40 rows of checkboxes rendered several times: slow on a busy machine

  it("shows a skeleton while the first page loads, and 'no customers yet' for an empty business", async () => {
    const api = serve([]);
    api.hold();
    renderDialog();
    expect(screen.getByRole("status", { name: "loading customers" })).toBeInTheDocument();
    act(() => api.release());
    expect(await screen.findByText("no customers yet", {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "select all eligible" })).toBeDisabled();
  });

  it("sends a selection made with 'select all eligible' as a background job: the search and the unticked customers, not the ids (issue 23)", async () => {
    const dee = customer(4, { name: "Dee Eligible" });
    const job = { id: 3, batchId: "b3", title: "Spring treat", promoCode: "SPRING-20", sendEmail: true, sendSms: false, status: "queued", total: 1, sent: 0, skipped: 0, failed: 0, processed: 0, createdAt: "", startedAt: null, finishedAt: null };
    const api = serve([consenting, noEmail, dee], { "POST /api/vouchers/jobs": { status: 202, body: job } });
    const user = userEvent.setup();
    const onJobStarted = jest.fn();
    const { onOpenChange, onCreated } = renderDialog({ onJobStarted });
    expect(await screen.findByText("Dee Eligible", {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "select all eligible" }));
    expect(await screen.findByText("(2 selected)", {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByLabelText(/Dee Eligible/));
    await fillRequired(user);
    await submit(user);

    await waitFor(() => expect(onJobStarted).toHaveBeenCalledWith(job), SLOW);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onCreated).not.toHaveBeenCalled();
    const [[url, init]] = posts(api.fetch);
    expect(url).toBe("/api/vouchers/jobs");
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({ allEligible: true, exceptCustomerIds: [dee.id], customerIds: [], sendEmail: true, promoCode: "SPRING-20" });
    expect(JSON.parse(String((init as RequestInit).body))).not.toHaveProperty("q");
  });

  it("blocks the submit with the spec's toasts and never calls the server", async () => {
    const api = serve([consenting, noEmail, asleep]);
    const user = userEvent.setup();
    renderDialog();
    expect(await screen.findByText("Ada Consent", {}, SLOW)).toBeInTheDocument();

    await submit(user);
    expect(await findToastText("please fill in all required fields")).toBeInTheDocument();

    await fillRequired(user);
    expect(screen.getByLabelText("promo code *")).toHaveValue("SPRING-20");
    await submit(user);
    expect(await findToastText("please select at least one customer")).toBeInTheDocument();

    await user.click(screen.getByLabelText(/Bo Noemail/));
    // Ticking a customer resolves "select a customer": its toast is dismissed. Pressing create again
    // at once, while sonner still animates the old toast out, shows the new problem's toast (under
    // the old id it went out with the old one).
    await submit(user);
    expect(await findToastText("consent mismatch")).toBeInTheDocument();
    expect(within(toastArea()).getByText("1 selected customer lacks consent for email")).toBeInTheDocument();

    await user.click(screen.getByLabelText(/Bo Noemail/));
    await user.click(screen.getByLabelText(/Cy Sleeper/));
    await waitFor(() => expect(shownToasts()).toHaveLength(0), SLOW);
    // Still checked after the search has moved on: the dialog checks the customer as ticked.
    await user.click(screen.getByRole("searchbox", { name: "search customers" }));
    await user.paste("ada");
    await waitFor(() => expect(screen.queryByText("Cy Sleeper")).not.toBeInTheDocument(), SLOW);
    await submit(user);
    await waitFor(() => expect(screen.getAllByText("1 selected customer is asleep, snoozed or closed and cannot receive vouchers: Cy Sleeper").length).toBeGreaterThan(0), { timeout: 3000 });
    expect(await findToastText("cannot send voucher")).toBeInTheDocument();
    expect(within(toastArea()).getByText("1 selected customer is asleep, snoozed or closed and cannot receive vouchers: Cy Sleeper")).toBeInTheDocument();

    expect(posts(api.fetch)).toHaveLength(0);
  });

  it("checks preselected customers it reads by id (the hub's 'send promo'): a sleeping one blocks the submit", async () => {
    const api = serve([consenting, asleep]);
    const user = userEvent.setup();
    renderDialog({ initialCustomerIds: [asleep.id] });
    expect(await screen.findByText("(1 selected)", {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(urls(api)).toContain(`/api/customers?sort=joined&order=desc&ids=${asleep.id}&limit=1&total=1`), SLOW);
    await fillRequired(user);
    await submit(user);
    expect(await findToastText("cannot send voucher")).toBeInTheDocument();
    expect(posts(api.fetch)).toHaveLength(0);
  });

  it("uses step 1 for percentages and 0.01 for pounds, clearing the value when the type changes", async () => {
    serve([]);
    const user = userEvent.setup();
    renderDialog();
    const value = screen.getByLabelText("discount (%) *");
    expect(value).toHaveAttribute("step", "1");
    expect(value).toHaveAttribute("min", "0");
    await user.type(value, "15");
    await user.selectOptions(screen.getByLabelText("discount type"), "fixed");
    const pounds = screen.getByLabelText("discount (£) *");
    expect(pounds).toHaveAttribute("step", "0.01");
    expect(pounds).toHaveValue(null);
    const expiry = screen.getByLabelText("expiry date *");
    const year = new Date().getFullYear();
    expect(expiry).toHaveAttribute("max", `${year + 10}-12-31`);
  });

  it("warns 'easy tiger' for a customer with a recent voucher, posts the payload and reports success", async () => {
    const result = { message: "ok", batchId: "b1", customersProcessed: 1, emailsSent: 1, smsSent: 0, vouchers: [] };
    const api = serve([consenting], {
      "GET /api/customers/1/recent-vouchers": { status: 200, body: { hasRecentVouchers: true, recentVoucherCount: 1, lastVoucherAt: new Date().toISOString() } },
      "POST /api/promos": { status: 200, body: result },
    });
    const user = userEvent.setup();
    const { onCreated, onOpenChange } = renderDialog({ initialCustomerIds: [consenting.id] });
    expect(await screen.findByText(EASY_TIGER)).toBeInTheDocument();
    expect(await screen.findByText("Ada Consent received a voucher in the last 7 days.")).toBeInTheDocument();
    expect(urls(api).sort()).toEqual(["/api/customers/1/recent-vouchers", "/api/customers?sort=joined&order=desc&ids=1&limit=1&total=1", "/api/customers?sort=joined&order=desc&limit=30&total=1"]);

    await fillRequired(user);
    await user.type(screen.getByLabelText("minimum spend (£)"), "4.50");
    await submit(user);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(result));
    const [url, init] = posts(api.fetch)[0];
    expect(url).toBe("/api/promos");
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      title: "Spring treat",
      description: "",
      promoCode: "SPRING-20",
      discountType: "percentage",
      discountValue: "20",
      minSpend: "4.50",
      expiresAt: future,
      customerIds: [1],
      sendEmail: true,
      sendSms: false,
    });
    expect(await screen.findByText("success")).toBeInTheDocument();
    expect(screen.getByText("voucher created and distributed to 1 customer")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  // Issue 23: above 25 customers the warning read the business's whole voucher list (20,000 at
  // scale); it asks the server about the selection now (POST /api/promos/recent).
  it("with many customers selected, asks the server about the selection once instead of one call per customer or the whole voucher list", async () => {
    const many = Array.from({ length: 30 }, (_, i) => customer(100 + i));
    const asked: number[][] = [];
    const api = serve(many, {
      "POST /api/promos/recent": (init) => {
        const ids = (JSON.parse(String(init?.body)) as { customerIds: number[] }).customerIds;
        asked.push(ids);
        return { status: 200, body: { customerIds: ids.filter((id) => id === 105) } };
      },
    });
    renderDialog({ initialCustomerIds: many.map((c) => c.id) });
    expect(await screen.findByText(EASY_TIGER)).toBeInTheDocument();
    expect(await screen.findByText("Customer 105 received a voucher in the last 7 days.")).toBeInTheDocument();
    // One read for the 30 preselected customers, one for the list, one for the recent check.
    expect(urls(api).filter((u) => u.includes("ids=")).length).toBe(1);
    expect(urls(api).filter((u) => u.startsWith("/api/promos") || u.includes("recent-vouchers"))).toEqual(["/api/promos/recent"]);
    expect(asked).toEqual([many.map((c) => c.id)]);
  });

  it("shows 'error' with the server's message, and 'failed to send voucher' when the server fails", async () => {
    const answers: Reply[] = [
      { status: 409, body: { message: "at most one voucher per customer per week: Ada Consent has already received a voucher in the last 7 days" } },
      { status: 500, body: { message: "Something went wrong on our side. Please try again." } },
    ];
    serve([consenting], { "POST /api/promos": () => answers.shift()! });
    const user = userEvent.setup();
    renderDialog({ initialCustomerIds: [consenting.id] });
    await screen.findByText("Ada Consent");
    await fillRequired(user);
    await submit(user);
    const toastRegion = await within(toastArea()).findByText("at most one voucher per customer per week: Ada Consent has already received a voucher in the last 7 days");
    expect(within(toastRegion.closest("li")!).getByText("error")).toBeInTheDocument();
    await submit(user);
    expect(await findToastText("failed to send voucher")).toBeInTheDocument();
    expect(within(toastArea()).getByText("please try again")).toBeInTheDocument();
  });

  // Issue 20: voucher errors were only a toast, with no field marked, and the toast stayed after
  // the error was fixed.
  it("marks the fields a problem belongs to, and dismisses the toast once they are fixed", async () => {
    serve([consenting]);
    const user = userEvent.setup();
    renderDialog({ initialCustomerIds: [consenting.id] });
    await screen.findByText("Ada Consent");
    await submit(user);
    expect(await findToastText("please fill in all required fields")).toBeInTheDocument();
    const title = screen.getByLabelText("title *");
    const code = screen.getByLabelText("promo code *");
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(errorOf(title)).toBe("title is required");
    expect(code).toHaveAttribute("aria-invalid", "true");
    expect(errorOf(code)).toBe("promo code is required");
    expect(shownToasts()).toHaveLength(1);

    await fillRequired(user);
    expect(title).not.toHaveAttribute("aria-invalid");
    expect(code).not.toHaveAttribute("aria-invalid");
    await waitFor(() => expect(shownToasts()).toHaveLength(0));
  });
});

describe("recentNamesText", () => {
  it("names the customers the dialog knows and counts the others ('select all eligible' ticks customers it never showed)", () => {
    expect(recentNamesText(["Ada"], 0)).toBe("Ada");
    expect(recentNamesText([], 1)).toBe("1 customer");
    expect(recentNamesText([], 3)).toBe("3 customers");
    expect(recentNamesText(["Ada", "Bo"], 1)).toBe("Ada, Bo and 1 other customer");
    expect(recentNamesText(["Ada", "Bo", "Cy"], 2)).toBe("Ada, Bo, Cy and 2 more");
  });
});
