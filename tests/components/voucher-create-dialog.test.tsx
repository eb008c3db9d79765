import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { CreateVoucherDialog, EASY_TIGER } from "@/components/vouchers/create-voucher-dialog";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { ukDateOf } from "@/lib/rules/vouchers";
import { fakeResponse, installFakeFetch } from "../helpers/fake-fetch";
import { customerDto } from "../helpers/customer-dto";
import { installDomShims } from "../helpers/dom-shims";
import { renderWithClient } from "../helpers/render-with-client";

installDomShims();

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
const findToastText = (text: string) => waitFor(() => within(toastArea()).getByText(text));
const shownToasts = () => Array.from(document.querySelectorAll("[data-sonner-toast]:not([data-removed=true])"));
/** The error shown under a control (its aria-describedby). */
const errorOf = (control: HTMLElement) => document.getElementById(control.getAttribute("aria-describedby") ?? "")?.textContent;
const posts = (fetchMock: jest.Mock) => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === "POST");

afterEach(() => act(() => dismiss()));

describe("Create Voucher modal", () => {
  it("'select all eligible' asks the server for the whole list's eligible ids, without waiting for the rest of the list (issue 23)", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: [consenting, noEmail], headers: { "x-next-before": "1767225600000-2" } });
    const queued = fetchMock.getMockImplementation()!;
    // The rest of the list never arrives; the server names customer 9 (not loaded yet) as eligible.
    fetchMock.mockImplementation((url, init) =>
      url.includes("before=") ? new Promise<Response>(() => {}) : url.includes("eligible=") ? Promise.resolve(fakeResponse({ status: 200, body: [9, 1] })) : queued(url, init),
    );
    const user = userEvent.setup();
    renderDialog();
    expect(await screen.findByText("Ada Consent")).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes("before="))).toBe(true));
    expect(screen.getByText("loading the rest of your customers")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "select all eligible" }));
    // Email is the default channel.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/customers?eligible=email");
    expect(await screen.findByText("(2 selected)")).toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "search customers" }), "Ada");
    await user.click(screen.getByRole("button", { name: "select all eligible" }));
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain("/api/customers?eligible=email&q=ada"));
  });

  it("sends a selection made with 'select all eligible' as a background job: the search and the unticked customers, not the ids (issue 23)", async () => {
    const dee = customer(4, { name: "Dee Eligible" });
    const job = { id: 3, batchId: "b3", title: "Spring treat", promoCode: "SPRING-20", sendEmail: true, sendSms: false, status: "queued", total: 1, sent: 0, skipped: 0, failed: 0, processed: 0, createdAt: "", startedAt: null, finishedAt: null };
    const fetchMock = installFakeFetch();
    fetchMock.mockImplementation(async (url, init) => {
      if (url.includes("eligible=")) return fakeResponse({ status: 200, body: [dee.id, consenting.id] });
      if (url === "/api/vouchers/jobs" && init?.method === "POST") return fakeResponse({ status: 202, body: job });
      if (url.includes("recent-vouchers")) return fakeResponse({ status: 200, body: { hasRecentVouchers: false } });
      return fakeResponse({ status: 200, body: [consenting, noEmail, dee] });
    });
    const user = userEvent.setup();
    const onJobStarted = jest.fn();
    const { onOpenChange, onCreated } = renderDialog({ onJobStarted });
    expect(await screen.findByText("Dee Eligible")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "select all eligible" }));
    expect(await screen.findByText("(2 selected)")).toBeInTheDocument();
    await user.click(screen.getByLabelText(/Dee Eligible/));
    await fillRequired(user);
    await submit(user);

    await waitFor(() => expect(onJobStarted).toHaveBeenCalledWith(job));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onCreated).not.toHaveBeenCalled();
    const [[url, init]] = posts(fetchMock);
    expect(url).toBe("/api/vouchers/jobs");
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({ allEligible: true, exceptCustomerIds: [dee.id], customerIds: [], sendEmail: true, promoCode: "SPRING-20" });
    expect(JSON.parse(String((init as RequestInit).body))).not.toHaveProperty("q");
  });

  it("blocks the submit with the spec's toasts and never calls the server", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: [consenting, noEmail, asleep] }, { status: 200, body: { hasRecentVouchers: false } }, { status: 200, body: { hasRecentVouchers: false } });
    const user = userEvent.setup();
    renderDialog();
    expect(await screen.findByText("Ada Consent")).toBeInTheDocument();

    await submit(user);
    expect(await findToastText("please fill in all required fields")).toBeInTheDocument();

    await fillRequired(user);
    expect(screen.getByLabelText("promo code *")).toHaveValue("SPRING-20");
    await submit(user);
    expect(await findToastText("please select at least one customer")).toBeInTheDocument();

    await user.click(screen.getByLabelText(/Bo Noemail/));
    await submit(user);
    expect(await findToastText("consent mismatch")).toBeInTheDocument();
    expect(within(toastArea()).getByText("1 selected customer lacks consent for email")).toBeInTheDocument();

    await user.click(screen.getByLabelText(/Bo Noemail/));
    await user.click(screen.getByLabelText(/Cy Sleeper/));
    await submit(user);
    expect(await findToastText("cannot send voucher")).toBeInTheDocument();
    expect(within(toastArea()).getByText("1 selected customer is asleep, snoozed or closed and cannot receive vouchers: Cy Sleeper")).toBeInTheDocument();

    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("uses step 1 for percentages and 0.01 for pounds, clearing the value when the type changes", async () => {
    installFakeFetch({ status: 200, body: [] });
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
    const fetchMock = installFakeFetch(
      { status: 200, body: [consenting] },
      { status: 200, body: { hasRecentVouchers: true, recentVoucherCount: 1, lastVoucherAt: new Date().toISOString() } },
      { status: 200, body: result },
    );
    const user = userEvent.setup();
    const { onCreated, onOpenChange } = renderDialog({ initialCustomerIds: [consenting.id] });
    expect(await screen.findByText(EASY_TIGER)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/customers?limit=50", "/api/customers/1/recent-vouchers"]);

    await fillRequired(user);
    await user.type(screen.getByLabelText("minimum spend (£)"), "4.50");
    await submit(user);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(result));
    const [url, init] = posts(fetchMock)[0];
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

  it("with many customers selected, reads the voucher list once instead of one call per customer", async () => {
    const many = Array.from({ length: 30 }, (_, i) => customer(100 + i));
    const recent = { id: 9, customerId: 105, createdAt: new Date().toISOString() };
    const old = { id: 8, customerId: 106, createdAt: new Date(Date.now() - 8 * 86_400_000).toISOString() };
    const fetchMock = installFakeFetch({ status: 200, body: many }, { status: 200, body: [recent, old] });
    renderDialog({ initialCustomerIds: many.map((c) => c.id) });
    expect(await screen.findByText(EASY_TIGER)).toBeInTheDocument();
    expect(screen.getByText("Customer 105 received a voucher in the last 7 days.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/customers?limit=50", "/api/promos"]);
  });

  it("shows 'error' with the server's message, and 'failed to send voucher' when the server fails", async () => {
    installFakeFetch(
      { status: 200, body: [consenting] },
      { status: 200, body: { hasRecentVouchers: false } },
      { status: 409, body: { message: "at most one voucher per customer per week: Ada Consent has already received a voucher in the last 7 days" } },
      { status: 500, body: { message: "Something went wrong on our side. Please try again." } },
    );
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
    installFakeFetch({ status: 200, body: [consenting] }, { status: 200, body: { hasRecentVouchers: false } });
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
