import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { queryKeys } from "@/lib/client/query-keys";
import { Toaster } from "@/components/ui/toaster";
import { dismiss } from "@/hooks/use-toast";
import { CustomerHub } from "@/components/customers/customer-hub";
import { countLabel } from "@/components/customers/customer-queries";
import { EXPLAINER_STORAGE_KEY } from "@/components/customers/activity-status-explainer";
import { browser } from "@/components/customers/parked-customers-table";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { installFakeFetch } from "../helpers/fake-fetch";
import { serveCustomers } from "../helpers/fake-customer-api";
import { scrollWindowTo } from "../helpers/scroll-window";
import { customerDto } from "../helpers/customer-dto";
import { formatUkPhone } from "@/lib/rules/uk-phone";

const mockPush = jest.fn();
const mockReplace = jest.fn();
let mockSearch = "";
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: mockPush, replace: mockReplace, refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => "/customers",
  useSearchParams: () => new URLSearchParams(mockSearch),
}));

if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// The virtualized table may correct the window's scroll position; jsdom cannot scroll.
window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;

const customer = customerDto;

// Newest first: Ann, Bob, Cat.
const ANN = customer(1, { name: "Ann Lee", email: "ann@cafe.test", totalPoints: 340, lifetimeSpent: "45.50", lastVisit: "2026-02-14T10:00:00.000Z", createdAt: "2026-01-03T12:00:00.000Z" });
const BOB = customer(2, { name: "Bob Stone", email: "BOB@Example.com", lastVisit: null, sleepStatus: "asleep", marketingConsentSms: true, createdAt: "2026-01-03T11:00:00.000Z" });
const CAT = customer(3, { name: "Cat Annand", email: "cat@example.com", accountStatus: "paused" });
const USAGE = { isAtLimit: false, subscriptionStatus: "trial", customersUsed: 3, customersLimit: 10 };

type Seed = { customers?: CustomerDto[]; usage?: typeof USAGE; parked?: unknown[]; user?: unknown };

const FIRST_PAGE = "/api/customers?sort=joined&order=desc&limit=50&total=1";

/** Seeds the read cache for the other panels (no GET is made for a seeded path); the customer list
 *  comes from a fake GET /api/customers that searches, sorts and pages like the server. */
function renderHub(seed: Seed = {}) {
  const api = seed.customers ? serveCustomers(seed.customers) : null;
  const client = makeQueryClient();
  client.setQueryData(queryKeys.subscriptionUsage, seed.usage ?? USAGE);
  client.setQueryData(queryKeys.parkedCustomers, seed.parked ?? []);
  client.setQueryData(queryKeys.currentUser, seed.user ?? { businessName: "The Daily Grind" });
  render(
    <QueryClientProvider client={client}>
      <CustomerHub />
      <Toaster />
    </QueryClientProvider>,
  );
  return { client, api: api! };
}

const rows = () => screen.queryAllByTestId("customer-row");
const rowNames = () => rows().map((r) => within(r).getAllByRole("cell")[1].querySelector(".font-medium")?.textContent);
const searchBox = () => screen.getByRole("searchbox", { name: "search customers by name or email" });

beforeEach(() => {
  mockPush.mockReset();
  mockReplace.mockReset();
  mockSearch = "";
  window.sessionStorage.clear();
  scrollWindowTo(0);
});
afterEach(() => {
  act(() => dismiss());
});

describe("CustomerHub", () => {
  it("shows a 10-row skeleton while the first page of customers loads", () => {
    const fetchMock = installFakeFetch();
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    renderHub();
    expect(screen.getAllByTestId("customer-skeleton-row")).toHaveLength(10);
    expect(fetchMock).toHaveBeenCalledWith(FIRST_PAGE, expect.objectContaining({ credentials: "include" }));
  });

  it("loads the customers from the server and renders every column", async () => {
    renderHub({ customers: [ANN, BOB, CAT] });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [ann, bob, cat] = rows().map((r) => within(r).getAllByRole("cell"));
    // customer: initial, name, join date
    expect(ann[1]).toHaveTextContent("A");
    expect(ann[1]).toHaveTextContent("Ann Lee");
    expect(ann[1]).toHaveTextContent("joined 03/01/2026");
    // contact
    expect(ann[2]).toHaveTextContent("ann@cafe.test");
    expect(ann[2]).toHaveTextContent(formatUkPhone(ANN.phone)); // issue 20: the UK form, not +44
    expect(ann[2]).not.toHaveTextContent("+44");
    // points, spent in whole pounds, last visit day/month or 'never'
    expect(ann[3]).toHaveTextContent("340");
    expect(ann[4]).toHaveTextContent("£46");
    expect(ann[5]).toHaveTextContent("14/02");
    expect(bob[5]).toHaveTextContent("never");
    // status: on phones (a closed customer's card shows it, issue 20) and large screens, both spellings
    expect(ann[6]).toHaveClass("md:max-lg:hidden");
    expect(ann[6]).not.toHaveClass("hidden");
    expect(ann[6]).toHaveTextContent("active");
    expect(bob[6]).toHaveTextContent("asleep");
    expect(cat[6]).toHaveTextContent("snoozed");
    // the count comes from the server
    expect(screen.getByTestId("customer-count")).toHaveTextContent("3 customers");
  });

  it("loads 100,000 customers a page at a time: one page up front, the next only when the table is scrolled near its end", async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => customer(100_000 - i, { createdAt: new Date(Date.UTC(2026, 0, 1) + (100_000 - i) * 60_000).toISOString() }));
    const { api } = renderHub({ customers: many });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(screen.getByTestId("customer-count")).toHaveTextContent("100,000 customers");
    // A window of rows, not the page of 50, is in the DOM; the table says how many rows it has.
    const first = rows().length;
    expect(first).toBeGreaterThan(5);
    expect(first).toBeLessThan(40);
    expect(rowNames()[0]).toBe("Customer 100000");
    expect(screen.getByRole("table", { name: "customers" })).toHaveAttribute("aria-rowcount", "100001");
    // Never a second page before the list is scrolled.
    await new Promise((r) => setTimeout(r, 50));
    expect(api.listCalls()).toEqual([FIRST_PAGE]);

    // Scrolled to near the end of the first page: the next page, with the first page's cursor; from
    // then on the list keeps two pages (100 rows) ahead of the last row drawn, and stops there.
    scrollWindowTo(40 * 61);
    await waitFor(() => expect(api.listCalls()).toHaveLength(4));
    expect(api.listCalls().slice(1)).toEqual([
      "/api/customers?sort=joined&order=desc&limit=50&cursor=50.key",
      "/api/customers?sort=joined&order=desc&limit=50&cursor=100.key",
      "/api/customers?sort=joined&order=desc&limit=50&cursor=150.key",
    ]);
    await waitFor(() => expect(rowNames()).toContain("Customer 99950"));
    // Still a window: the first rows have left the DOM.
    expect(rowNames()).not.toContain("Customer 100000");
    expect(rows().length).toBeLessThan(40);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.listCalls()).toHaveLength(4);
    // Further down, more pages as it goes.
    scrollWindowTo(160 * 61);
    await waitFor(() => expect(api.listCalls().length).toBeGreaterThan(4));
    await waitFor(() => expect(rowNames()).toContain("Customer 99840"));
  });

  it("says how many the server counted, at least or about (a long list's estimate)", () => {
    expect(countLabel({ count: 1, kind: "exact" }, false)).toBe("1 customer");
    expect(countLabel({ count: 3, kind: "exact" }, false)).toBe("3 customers");
    expect(countLabel({ count: 98_700, kind: "about" }, false)).toBe("about 98,700 customers");
    expect(countLabel({ count: 1, kind: "exact" }, true)).toBe("1 match");
    expect(countLabel({ count: 0, kind: "exact" }, true)).toBe("0 matches");
    expect(countLabel({ count: 200, kind: "at-least" }, true)).toBe("200+ matches");
  });

  it("says it could not load the customers when the first page fails, and tries again", async () => {
    const user = userEvent.setup();
    const api = serveCustomers([ANN, BOB]);
    api.failNext(500, { message: "database unavailable" });
    renderHub();
    expect(await screen.findByText("could not load customers")).toBeInTheDocument();
    expect(screen.getByText("database unavailable")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "try again" }));
    await waitFor(() => expect(rowNames()).toEqual(["Ann Lee", "Bob Stone"]));
    expect(api.listCalls()).toHaveLength(2);
  });

  it("keeps the loaded rows when a later page fails, and tries that page again", async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 80 }, (_, i) => customer(i + 1, { createdAt: new Date(Date.UTC(2026, 0, 1) + (80 - i) * 60_000).toISOString() }));
    const { api } = renderHub({ customers: many });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    api.failNext(500, { message: "database unavailable" });
    scrollWindowTo(40 * 61);
    expect(await screen.findByText("could not load more customers")).toBeInTheDocument();
    expect(rows().length).toBeGreaterThan(0);
    await user.click(screen.getByRole("button", { name: "try again" }));
    await waitFor(() => expect(screen.queryByText("could not load more customers")).not.toBeInTheDocument());
    expect(api.listCalls().slice(1)).toEqual(["/api/customers?sort=joined&order=desc&limit=50&cursor=50.key", "/api/customers?sort=joined&order=desc&limit=50&cursor=50.key"]);
    scrollWindowTo(80 * 61);
    await waitFor(() => expect(rowNames()).toContain("Customer 80"));
  });

  it("shows 'no customers found' and 'add your first customer' when there are none", async () => {
    const user = userEvent.setup();
    renderHub({ customers: [] });
    expect(await screen.findByText("no customers found")).toBeInTheDocument();
    expect(screen.getByTestId("customer-count")).toHaveTextContent("0 customers");
    await user.click(screen.getByRole("button", { name: "add your first customer" }));
    expect(await screen.findByRole("heading", { name: "welcome a new legend!" })).toBeInTheDocument();
  });

  it("searches on the server: one request with q after a pause in typing, the old rows meanwhile, and says when nothing matches", async () => {
    const user = userEvent.setup();
    const { api } = renderHub({ customers: [ANN, BOB, CAT] });
    await waitFor(() => expect(rows()).toHaveLength(3));
    api.hold();
    // Three keystrokes quicker than the pause the hub waits for: one request, for the whole word.
    act(() => {
      for (const text of ["A", "AN", "ANN"]) fireEvent.change(searchBox(), { target: { value: text } });
    });
    await waitFor(() => expect(api.listCalls()).toHaveLength(2));
    expect(api.listCalls()[1]).toBe("/api/customers?q=ANN&sort=joined&order=desc&limit=50&total=1");
    // While it is on its way the previous rows stay, and the box says it is busy.
    expect(rows()).toHaveLength(3);
    expect(searchBox()).toHaveAttribute("aria-busy", "true");
    expect(screen.getByText("searching customers")).toBeInTheDocument();
    api.release();
    await waitFor(() => expect(rowNames()).toEqual(["Ann Lee", "Cat Annand"]));
    expect(searchBox()).toHaveAttribute("aria-busy", "false");
    expect(screen.getByTestId("customer-count")).toHaveTextContent("2 matches");
    await user.clear(searchBox());
    await user.paste("example.COM");
    await waitFor(() => expect(rowNames()).toEqual(["Bob Stone", "Cat Annand"]));
    await user.clear(searchBox());
    await user.paste("zzz");
    expect(await screen.findByText("no customers found")).toBeInTheDocument();
    expect(screen.getByTestId("customer-count")).toHaveTextContent("0 matches");
    expect(screen.queryByRole("button", { name: "add your first customer" })).not.toBeInTheDocument();
    await user.clear(searchBox());
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(api.listCalls().filter((u) => u.includes("q="))).toEqual([
      "/api/customers?q=ANN&sort=joined&order=desc&limit=50&total=1",
      "/api/customers?q=example.COM&sort=joined&order=desc&limit=50&total=1",
      "/api/customers?q=zzz&sort=joined&order=desc&limit=50&total=1",
    ]);
  });

  it("sorts on the server from the column headers (aria-sort says how), newest first again on the third press", async () => {
    const user = userEvent.setup();
    const { api } = renderHub({ customers: [ANN, BOB, CAT] });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const header = (name: string) => screen.getByRole("button", { name: `sort by ${name}` }).closest("th")!;
    expect(header("points")).toHaveAttribute("aria-sort", "none");
    await user.click(screen.getByRole("button", { name: "sort by points" }));
    await waitFor(() => expect(rowNames()).toEqual(["Ann Lee", "Cat Annand", "Bob Stone"]));
    expect(api.listCalls().at(-1)).toBe("/api/customers?sort=points&order=desc&limit=50&total=1");
    expect(header("points")).toHaveAttribute("aria-sort", "descending");
    // The keyboard works the header too.
    screen.getByRole("button", { name: "sort by points" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(rowNames()).toEqual(["Bob Stone", "Cat Annand", "Ann Lee"]));
    expect(api.listCalls().at(-1)).toBe("/api/customers?sort=points&order=asc&limit=50&total=1");
    expect(header("points")).toHaveAttribute("aria-sort", "ascending");
    await user.click(screen.getByRole("button", { name: "sort by points" }));
    await waitFor(() => expect(header("points")).toHaveAttribute("aria-sort", "none"));
    // Names sort A-Z first, and a search keeps the order.
    await user.click(screen.getByRole("button", { name: "sort by name" }));
    await waitFor(() => expect(rowNames()).toEqual(["Ann Lee", "Bob Stone", "Cat Annand"]));
    expect(api.listCalls().at(-1)).toBe("/api/customers?sort=name&order=asc&limit=50&total=1");
    await user.type(searchBox(), "example");
    await waitFor(() => expect(rowNames()).toEqual(["Bob Stone", "Cat Annand"]));
    expect(api.listCalls().at(-1)).toBe("/api/customers?q=example&sort=name&order=asc&limit=50&total=1");
  });

  it("goes back to the list's top when the order or the search changes while scrolled down it, not before", async () => {
    const user = userEvent.setup();
    renderHub({ customers: [ANN, BOB, CAT] });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const list = searchBox().closest<HTMLElement>('[data-slot="card"]')!;
    const scrolled = jest.spyOn(list, "scrollIntoView");
    let top = 100;
    list.getBoundingClientRect = () => ({ top, bottom: top + 1000, left: 0, right: 0, width: 0, height: 1000, x: 0, y: top, toJSON: () => ({}) });
    await user.click(screen.getByRole("button", { name: "sort by points" }));
    await waitFor(() => expect(rowNames()).toEqual(["Ann Lee", "Cat Annand", "Bob Stone"]));
    expect(scrolled).not.toHaveBeenCalled();
    top = -2000;
    await user.click(screen.getByRole("button", { name: "sort by spent" }));
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith({ block: "start" }));
  });

  it("reads 'limit reached' and is disabled when the starter plan is full", () => {
    renderHub({ customers: [ANN], usage: { isAtLimit: true, subscriptionStatus: "pro_starter", customersUsed: 10, customersLimit: 10 } });
    expect(screen.getByRole("button", { name: "limit reached" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "add customer" })).not.toBeInTheDocument();
  });

  // Issue 16: at the limit the control is disabled on every plan, not only on starter.
  it.each(["trial", "payment_failed"])("reads 'limit reached' and is disabled on %s at the limit too", (subscriptionStatus) => {
    renderHub({ customers: [ANN], usage: { isAtLimit: true, subscriptionStatus, customersUsed: 10, customersLimit: 10 } });
    expect(screen.getByRole("button", { name: "limit reached" })).toBeDisabled();
  });

  it("keeps the add button under the limit, and opens the dialog with it", async () => {
    const user = userEvent.setup();
    renderHub({ customers: [ANN], usage: { isAtLimit: false, subscriptionStatus: "trial", customersUsed: 9, customersLimit: 10 } });
    await user.click(screen.getByRole("button", { name: "add customer" }));
    expect(await screen.findByRole("heading", { name: "welcome a new legend!" })).toBeInTheDocument();
  });

  it("opens the add dialog for ?add=1 and drops the parameter when it closes", async () => {
    mockSearch = "add=1";
    const user = userEvent.setup();
    renderHub({ customers: [ANN] });
    expect(await screen.findByRole("heading", { name: "welcome a new legend!" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("heading", { name: "welcome a new legend!" })).not.toBeInTheDocument());
    expect(mockReplace).toHaveBeenCalledWith("/customers");
  });

  it("shows 'send promo' once customers are selected and sends their ids to the voucher flow", async () => {
    const user = userEvent.setup();
    renderHub({ customers: [ANN, BOB, CAT] });
    expect(screen.queryByRole("button", { name: "send promo" })).not.toBeInTheDocument();
    await user.click(await screen.findByRole("checkbox", { name: "select Ann Lee" }));
    await user.click(screen.getByRole("checkbox", { name: "select Cat Annand" }));
    expect(screen.getByRole("checkbox", { name: "select all listed customers" })).toHaveAttribute("data-state", "indeterminate");
    await user.click(screen.getByRole("button", { name: "send promo" }));
    expect(mockPush).toHaveBeenCalledWith("/vouchers?create=1&customerIds=1,3");

    await user.click(screen.getByRole("checkbox", { name: "select all listed customers" }));
    expect(screen.getByText("3 selected")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "send promo" }));
    expect(mockPush).toHaveBeenLastCalledWith("/vouchers?create=1&customerIds=1,2,3");
    await user.click(screen.getByRole("checkbox", { name: "select all listed customers" }));
    expect(screen.queryByRole("button", { name: "send promo" })).not.toBeInTheDocument();
  });

  it("row actions open the details, the settings tab, a transaction and a voucher", async () => {
    const user = userEvent.setup();
    renderHub({ customers: [ANN, BOB] });
    await user.click(await screen.findByRole("button", { name: "actions for Bob Stone" }));
    await user.click(await screen.findByRole("menuitem", { name: "process transaction" }));
    expect(mockPush).toHaveBeenCalledWith("/transactions?add=1&customerId=2");

    await user.click(screen.getByRole("button", { name: "actions for Bob Stone" }));
    await user.click(await screen.findByRole("menuitem", { name: "send voucher" }));
    expect(mockPush).toHaveBeenLastCalledWith("/vouchers?create=1&customerIds=2");

    await user.click(screen.getByRole("button", { name: "actions for Ann Lee" }));
    await user.click(await screen.findByRole("menuitem", { name: "view/edit details" }));
    const details = await screen.findByRole("dialog", { name: "Ann Lee" });
    expect(within(details).getByRole("tab", { name: "Customer Details" })).toHaveAttribute("aria-selected", "true");
    expect(within(details).getByLabelText("email")).toHaveValue("ann@cafe.test");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Ann Lee" })).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "actions for Ann Lee" }));
    await user.click(await screen.findByRole("menuitem", { name: "customer settings" }));
    const settings = await screen.findByRole("dialog", { name: "Ann Lee" });
    expect(within(settings).getByRole("tab", { name: "Account Management" })).toHaveAttribute("aria-selected", "true");
  });

  it("opens the details when a row is tapped below 640px, and not on larger screens", async () => {
    const user = userEvent.setup();
    const original = window.matchMedia;
    let small = false;
    window.matchMedia = ((query: string) => ({
      matches: query === "(max-width: 639px)" && small,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    try {
      const { unmount } = render(<div />);
      unmount();
      renderHub({ customers: [ANN] });
      await user.click(await screen.findByText("ann@cafe.test"));
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
    document.body.innerHTML = "";
    small = true;
    window.matchMedia = ((query: string) => ({
      matches: query === "(max-width: 639px)" && small,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    try {
      renderHub({ customers: [ANN] });
      // Ticking the checkbox does not open it...
      await user.click(await screen.findByRole("checkbox", { name: "select Ann Lee" }));
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      // ...tapping the row does.
      await user.click(screen.getByText("ann@cafe.test"));
      expect(await screen.findByRole("dialog", { name: "Ann Lee" })).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });

  it("remembers the activity explainer's open state for the browser session", async () => {
    const user = userEvent.setup();
    renderHub({ customers: [ANN] });
    const trigger = screen.getByRole("button", { name: "how customer activity status works" });
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    await user.click(trigger);
    expect(trigger).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(/asleep customers can only be woken by a transaction/)).toBeInTheDocument();
    expect(window.sessionStorage.getItem(EXPLAINER_STORAGE_KEY)).toBe("true");
  });

  it("starts with the explainer open when the session says so", () => {
    window.sessionStorage.setItem(EXPLAINER_STORAGE_KEY, "true");
    renderHub({ customers: [ANN] });
    expect(screen.getByRole("button", { name: "how customer activity status works" })).toHaveAttribute("aria-expanded", "true");
  });

  describe("marketing export", () => {
    const createObjectURL = jest.fn(() => "blob:export");
    const revokeObjectURL = jest.fn();
    let clicked: HTMLAnchorElement[] = [];
    let clickSpy: jest.SpyInstance;
    beforeEach(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      createObjectURL.mockClear();
      clicked = [];
      clickSpy = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
    });
    afterEach(() => clickSpy.mockRestore());

    const readBlob = (blob: Blob) =>
      new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      });
    const exportCalls = (api: ReturnType<typeof renderHub>["api"]) => api.listCalls().filter((u) => u.startsWith("/api/customers/marketing-export"));

    it("downloads the server's streamed file (issue 23): its name, its bytes, and N from X-Export-Count; the list is never read for it", async () => {
      const user = userEvent.setup();
      const { api } = renderHub({ customers: [ANN, BOB, customer(4, { name: "Dee", marketingConsentEmail: true })] });
      expect(await screen.findByText("Ann Lee")).toBeInTheDocument();
      const listed = api.listCalls().length;
      await user.click(screen.getByRole("button", { name: "export marketing list" }));
      expect(await screen.findByText("exported 2 customers with marketing permissions to csv")).toBeInTheDocument();
      expect(api.listCalls().slice(listed)).toEqual(["/api/customers/marketing-export"]);
      expect(clicked).toHaveLength(1);
      expect(clicked[0].download).toBe(`customers-marketing-export-2026-03-09.csv`);
      const text = await readBlob((createObjectURL.mock.calls[0] as unknown as [Blob])[0]);
      const lines = text.replace(/^\uFEFF/, "").trim().split("\r\n");
      expect(lines[0]).toBe(
        "Membership Number,Name,First Name,Last Name,Email,Phone,Date of Birth,Current Points,Lifetime Spent (GBP),Join Date,Last Visit,Email Consent,SMS Consent,Sleep Status",
      );
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain("Bob Stone");
      expect(lines[2]).toContain("Dee");
      await waitFor(() => expect(screen.getByRole("button", { name: "export marketing list" })).toBeEnabled());
    });

    it("says 'no customers to export' when the server counts none, and downloads nothing", async () => {
      const user = userEvent.setup();
      const { api } = renderHub({ customers: [ANN] });
      await user.click(screen.getByRole("button", { name: "export marketing list" }));
      expect(await screen.findByText("no customers to export")).toBeInTheDocument();
      expect(screen.getByText("no customers have given marketing permission")).toBeInTheDocument();
      expect(exportCalls(api)).toHaveLength(1);
      expect(clicked).toHaveLength(0);
    });

    it("says when the export fails: the server's error, or the download refused", async () => {
      const user = userEvent.setup();
      const { api } = renderHub({ customers: [BOB] });
      expect(await screen.findByText("Bob Stone")).toBeInTheDocument();
      api.failNext(500, { message: "database unavailable" });
      await user.click(screen.getByRole("button", { name: "export marketing list" }));
      expect(await screen.findByText("there was an error exporting the customer data")).toBeInTheDocument();
      expect(clicked).toHaveLength(0);
      act(() => dismiss());

      createObjectURL.mockImplementationOnce(() => {
        throw new Error("blocked");
      });
      await user.click(screen.getByRole("button", { name: "export marketing list" }));
      expect(await screen.findByText("there was an error exporting the customer data")).toBeInTheDocument();
      expect(screen.queryByText(/exported \d+ customers/)).not.toBeInTheDocument();
      expect(exportCalls(api)).toHaveLength(2);
    });
  });

  describe("parked customers", () => {
    const PARKED = [
      { id: 8, name: "Pat Park", email: "pat@example.com", membershipNumber: "LL-8", parkedReason: "trial_limit", parkedAt: "2026-02-01T00:00:00Z", scheduledDeletionAt: "2026-03-01T00:00:00Z", hasBeenReactivated: false, daysUntilDeletion: 12 },
      { id: 9, name: "Quin Late", email: "quin@example.com", membershipNumber: "LL-9", parkedReason: "downgrade_compliance", parkedAt: "2026-01-01T00:00:00Z", scheduledDeletionAt: "2026-01-29T00:00:00Z", hasBeenReactivated: true, daysUntilDeletion: -4 },
    ];

    it("lists them with days until deletion (never below 0) and the reactivation rule", () => {
      renderHub({ customers: [ANN], parked: PARKED });
      const [pat, quin] = screen.getAllByTestId("parked-row");
      expect(pat).toHaveTextContent("trial limit");
      expect(within(pat).getByTestId("days-until-deletion")).toHaveTextContent("12");
      expect(within(pat).getByRole("button", { name: "reactivate" })).toBeEnabled();
      expect(quin).toHaveTextContent("downgrade_compliance");
      expect(within(quin).getByTestId("days-until-deletion")).toHaveTextContent("0");
      expect(within(quin).getByRole("button", { name: "reactivate" })).toBeDisabled();
      expect(quin).toHaveTextContent("already reactivated once");
    });

    it("starts a checkout for the reactivation and sends the browser there", async () => {
      const assign = jest.spyOn(browser, "assign").mockImplementation(() => {});
      const fetchMock = installFakeFetch({ status: 200, body: { url: "https://checkout.example/session/1" } });
      const user = userEvent.setup();
      renderHub({ customers: [ANN], parked: PARKED });
      await user.click(within(screen.getAllByTestId("parked-row")[0]).getByRole("button", { name: "reactivate" }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.example/session/1"));
      expect(fetchMock.mock.calls[0][0]).toBe("/api/create-checkout-session");
      expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ reactivateCustomerId: 8 });
      assign.mockRestore();
    });

    it("says 'Error starting reactivation' with the server's message when the checkout fails", async () => {
      installFakeFetch({ status: 409, body: { message: "No space on the starter plan", error: { code: "conflict", message: "No space on the starter plan" } } });
      const user = userEvent.setup();
      renderHub({ customers: [ANN], parked: PARKED });
      await user.click(within(screen.getAllByTestId("parked-row")[0]).getByRole("button", { name: "reactivate" }));
      expect(await screen.findByText("Error starting reactivation")).toBeInTheDocument();
      expect(screen.getByText("No space on the starter plan")).toBeInTheDocument();
    });

    it("shows ten at a time, with its own page controls", async () => {
      const user = userEvent.setup();
      const many = Array.from({ length: 12 }, (_, i) => ({ ...PARKED[0], id: 100 + i, name: `Parked ${i + 1} Person`, membershipNumber: `LL-${100 + i}` }));
      renderHub({ customers: [ANN], parked: many });
      expect(screen.getAllByTestId("parked-row")).toHaveLength(10);
      const nav = screen.getByRole("navigation", { name: "parked customer pages" });
      expect(within(nav).getByText("showing 1-10 of 12")).toBeInTheDocument();
      await user.click(within(nav).getByRole("button", { name: /next/ }));
      expect(screen.getAllByTestId("parked-row").map((r) => within(r).getAllByRole("cell")[0].textContent)).toEqual([
        "Parked 11 Personpat@example.com",
        "Parked 12 Personpat@example.com",
      ]);
      expect(within(nav).getByText("showing 11-12 of 12")).toBeInTheDocument();
    });

    it("is not shown when nobody is parked", () => {
      renderHub({ customers: [ANN], parked: [] });
      expect(screen.queryByText("parked customers")).not.toBeInTheDocument();
    });
  });
});
