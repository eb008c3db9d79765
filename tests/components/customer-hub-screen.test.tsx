import { render, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { preloadDataTable } from "@/components/ui/data-table";
import { CustomerHubScreen } from "@/components/customers/customer-hub-screen";
import { LiveCustomerHub } from "@/components/customers/customer-hub-live";
import type { CustomerHubStart } from "@/lib/customers/get-customer-hub-start";
import { installFakeFetch } from "../helpers/fake-fetch";
import { customerDto } from "../helpers/customer-dto";

// Issue 23: the customer hub's first screen is rendered on the server with the first page of
// customers, and the live hub takes it over after load. The takeover must change nothing on screen
// (the same markup for what both draw) and ask the API for nothing the server already read.

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => "/customers",
  useSearchParams: () => new URLSearchParams(),
}));
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;

const ANN = customerDto(1, { name: "Ann Lee", email: "ann@cafe.test", totalPoints: 340, lifetimeSpent: "45.50", lastVisit: "2026-02-14T10:00:00.000Z", createdAt: "2026-01-03T12:00:00.000Z" });
const BOB = customerDto(2, { name: "Bob Stone", email: "bob@example.com", lastVisit: null, sleepStatus: "asleep", createdAt: "2026-01-02T11:00:00.000Z" });

const start = (rows = [ANN, BOB], usage = { isAtLimit: false, subscriptionStatus: "pro_starter", customersUsed: rows.length, customersLimit: 10 }): CustomerHubStart => ({
  usage,
  firstPage: { rows, next: null, total: { count: rows.length, kind: "exact" } },
  parked: [],
});

/** The server's screen and the live hub from the same reads, side by side. */
async function renderBoth(s: CustomerHubStart) {
  const fetchMock = installFakeFetch();
  await preloadDataTable();
  const server = render(<CustomerHubScreen start={s} />).container;
  const live = render(
    <QueryClientProvider client={makeQueryClient()}>
      <LiveCustomerHub start={s} />
    </QueryClientProvider>,
  ).container;
  if (s.firstPage.rows.length > 0) await waitFor(() => expect(within(live).getAllByTestId("customer-row").length).toBe(s.firstPage.rows.length));
  return { server, live, fetchMock };
}

/** An element's markup with every element's attributes in name order (their order means nothing). */
function markup(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  for (const node of [copy, ...copy.querySelectorAll("*")]) {
    const attrs = [...node.attributes].map((a) => [a.name, a.value] as const).sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of attrs) node.removeAttribute(name);
    for (const [name, value] of attrs) node.setAttribute(name, value);
  }
  return copy.outerHTML;
}

const html = (root: HTMLElement, selector: string) => {
  const el = root.querySelector(selector);
  expect(el).not.toBeNull();
  return markup(el!);
};

describe("customer hub: the server's first screen and the live hub", () => {
  it("draw the same heading, buttons, count, header row and rows, and the live hub asks for nothing", async () => {
    const { server, live, fetchMock } = await renderBoth(start());
    expect(html(server, "h1")).toBe(html(live, "h1"));
    expect(html(server, "h1 + p + p")).toBe(html(live, "h1 + p + p")); // "2 of 10 customer places used."
    expect(html(server, '[data-takeover-key="add-customer"]')).toBe(html(live, '[data-takeover-key="add-customer"]'));
    expect(html(server, '[data-takeover-key="marketing-export"]')).toBe(html(live, '[data-takeover-key="marketing-export"]'));
    expect(html(server, '[data-testid="customer-count"]')).toBe(html(live, '[data-testid="customer-count"]'));
    expect(within(server).getByTestId("customer-count")).toHaveTextContent("2 customers");
    expect(html(server, "thead")).toBe(html(live, "thead"));
    const rowsOf = (root: HTMLElement) => within(root).getAllByTestId("customer-row").map(markup);
    expect(rowsOf(server)).toEqual(rowsOf(live));
    expect(within(server).getByRole("table", { name: "customers" })).toHaveAttribute("aria-rowcount", "3");
    expect(within(live).getByRole("table", { name: "customers" })).toHaveAttribute("aria-rowcount", "3");
    // The search box is the same box (the live one holds its value).
    const box = (root: HTMLElement) => within(root).getByRole("searchbox", { name: "search customers by name or email" });
    expect(box(server).getAttribute("placeholder")).toBe(box(live).getAttribute("placeholder"));
    expect(box(server).className).toBe(box(live).className);
    expect(box(server)).toHaveAttribute("data-takeover-key", "customer-search");
    expect(box(live)).toHaveAttribute("data-takeover-key", "customer-search");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a business with no customers: the same empty table with 'add your first customer', 'limit reached' when full", async () => {
    const full = { isAtLimit: true, subscriptionStatus: "pro_starter", customersUsed: 10, customersLimit: 10 };
    const { server, live } = await renderBoth(start([], full));
    await waitFor(() => expect(within(live).getByText("no customers found")).toBeInTheDocument());
    expect(html(server, "tbody")).toBe(html(live, "tbody"));
    expect(within(server).getByRole("button", { name: "add your first customer" })).toBeDisabled();
    expect(within(server).getByRole("button", { name: "limit reached" })).toBeDisabled();
    expect(html(server, '[data-takeover-key="add-customer"]')).toBe(html(live, '[data-takeover-key="add-customer"]'));
    expect(screen.getAllByText("no customers found")).toHaveLength(2);
  });
});
