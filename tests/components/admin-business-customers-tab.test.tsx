import { fireEvent, render, screen } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { BusinessCustomersTab } from "@/components/admin/business-customers-tab";
import type { AdminCustomerDto } from "@/lib/admin/admin-customers";
import { installDomShims, installRouteFetch } from "./account-route-fetch";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }) }));

// Issue 23: the admin's Customers tab reads a business's customers a page at a time and searches on
// the server (a business may have 100,000 customers); before, it read the whole list at once.

beforeAll(installDomShims);

const customer = (id: number, name: string): AdminCustomerDto => ({
  id, name, membershipNumber: `40000000${String(id).padStart(2, "0")}`, email: `${name.toLowerCase().replace(" ", ".")}@example.test`, phone: "+447700900123",
  pointsBalance: 10, lifetimeSpent: "5.00", emailConsent: true, smsConsent: false, joinedDate: "2026-11-01T10:00:00Z", isActive: true, accountStatus: "active",
});

const renderTab = () =>
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <BusinessCustomersTab businessId={4} />
    </QueryClientProvider>,
  );

describe("BusinessCustomersTab", () => {
  it("reads a page, loads the next by its cursor, and searches on the server", async () => {
    const route = installRouteFetch({
      "GET /api/admin/business-customers/4": (_init, url) => {
        const params = new URL(url, "http://x").searchParams;
        if (params.get("q") === "zed") return { status: 200, body: [customer(9, "Zed Found")] };
        if (params.get("cursor") === "1700000000000-2") return { status: 200, body: [customer(1, "Ann Second")] };
        return { status: 200, body: [customer(3, "Bea First"), customer(2, "Cal First")], headers: { "X-Next-Cursor": "1700000000000-2" } };
      },
    });
    renderTab();
    expect(await screen.findByText("Bea First")).toBeInTheDocument();
    expect(route.calls[0].url).toBe("/api/admin/business-customers/4?limit=50");

    fireEvent.click(screen.getByRole("button", { name: "Load more customers" }));
    expect(await screen.findByText("Ann Second")).toBeInTheDocument();
    expect(screen.getByText("Bea First")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more customers" })).not.toBeInTheDocument();

    fireEvent.change(screen.getByRole("searchbox", { name: /Search this business's customers/ }), { target: { value: "zed" } });
    expect(await screen.findByText("Zed Found")).toBeInTheDocument();
    expect(route.calls.some((c) => c.url === "/api/admin/business-customers/4?limit=50&q=zed")).toBe(true);
    expect(screen.queryByText("Bea First")).not.toBeInTheDocument();
  });

  it("says when a search finds nobody, and when the business has no customers", async () => {
    installRouteFetch({
      "GET /api/admin/business-customers/4": (_init, url) => ({ status: 200, body: new URL(url, "http://x").searchParams.get("q") ? [] : [customer(3, "Bea First")] }),
    });
    renderTab();
    expect(await screen.findByText("Bea First")).toBeInTheDocument();
    fireEvent.change(screen.getByRole("searchbox", { name: /Search this business's customers/ }), { target: { value: "nobody" } });
    expect(await screen.findByText("No customers match your search.")).toBeInTheDocument();
  });
});
