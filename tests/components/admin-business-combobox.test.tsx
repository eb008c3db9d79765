import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { makeQueryClient } from "@/lib/client/query-client";
import { BusinessCombobox, BUSINESS_SEARCH_DEBOUNCE_MS } from "@/components/admin/business-combobox";
import { LoyaltyCardMonitor } from "@/components/admin/loyalty-card-monitor";
import { AdminTabs } from "@/components/admin/admin-tabs";
import { RevenueOnboarding } from "@/components/admin/revenue-onboarding";
import type { AdminBusinessDto } from "@/lib/admin/list-businesses";
import { installDomShims, installRouteFetch } from "./account-route-fetch";

// Issue 23: the super admin's business pickers ask the server's search as the admin types (10,000
// businesses were one <select> each), and the dashboard's tabs load their code when opened.

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));

beforeAll(installDomShims);

const biz = (id: number, name: string): AdminBusinessDto => ({
  id, name, email: `${name.toLowerCase().replace(/\W+/g, "-")}@cafe.test`, phone: "+447700900123", businessAddress: "1 Mill Lane", ownerName: "Ada", subscriptionStatus: "trial",
  accountStatus: "active", statusChangedAt: null, statusChangedBy: null, customerCount: 2, customerLimit: 10, pointsPerPound: 1, redemptionValue: "1.00",
  subscriptionPrice: null, isFounderMember: false, founderMemberGrantedAt: null, founderMemberGrantedBy: null, referralCode: null, trialEndsAt: null, createdAt: "2026-11-01T10:00:00Z",
});

const withClient = (ui: ReactNode) => render(<QueryClientProvider client={makeQueryClient()}>{ui}</QueryClientProvider>);

function Picker({ onPick }: { onPick: (b: AdminBusinessDto | null) => void }) {
  const [value, setValue] = useState<AdminBusinessDto | null>(null);
  return (
    <BusinessCombobox
      label="Select a business"
      value={value}
      onChange={(b) => {
        setValue(b);
        onPick(b);
      }}
    />
  );
}

describe("BusinessCombobox", () => {
  it("asks nothing until opened, then searches the server as the admin types, a page at a time", async () => {
    const route = installRouteFetch({
      "GET /api/admin/businesses": (_init, url) => {
        const p = new URL(url, "http://x").searchParams;
        if (p.get("cursor") === "2.Bravo Bakery") return { status: 200, body: { businesses: [biz(3, "Brisk Bagels")], nextCursor: null } };
        if (p.get("q") === "b") return { status: 200, body: { businesses: [biz(1, "Abbey Cafe"), biz(2, "Bravo Bakery")], nextCursor: "2.Bravo Bakery" } };
        return { status: 200, body: { businesses: [biz(1, "Abbey Cafe"), biz(2, "Bravo Bakery"), biz(9, "Zed Deli")], nextCursor: null } };
      },
    });
    const onPick = jest.fn();
    withClient(<Picker onPick={onPick} />);
    const box = screen.getByRole("combobox", { name: "Select a business" });
    expect(route.calls).toEqual([]);

    fireEvent.focus(box);
    expect(await screen.findByRole("option", { name: /Zed Deli/ })).toBeInTheDocument();
    expect(route.calls.map((c) => c.url)).toEqual(["/api/admin/businesses?limit=20"]);

    fireEvent.change(box, { target: { value: "b" } });
    await act(() => new Promise((r) => setTimeout(r, BUSINESS_SEARCH_DEBOUNCE_MS + 50)));
    expect(await screen.findByRole("option", { name: /More businesses/ })).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: /Zed Deli/ })).not.toBeInTheDocument();
    expect(route.calls.map((c) => c.url)).toContain("/api/admin/businesses?limit=20&q=b");

    fireEvent.click(screen.getByRole("option", { name: /More businesses/ }));
    fireEvent.click(await screen.findByRole("option", { name: /Brisk Bagels/ }));
    expect(route.calls.map((c) => c.url)).toContain("/api/admin/businesses?limit=20&q=b&cursor=2.Bravo+Bakery");
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 3, name: "Brisk Bagels" }));
    expect(box).toHaveValue("Brisk Bagels (brisk-bagels@cafe.test)");
  });

  it("says when nothing matches and when the search failed", async () => {
    let ok = true;
    installRouteFetch({ "GET /api/admin/businesses": () => (ok ? { status: 200, body: { businesses: [], nextCursor: null } } : { status: 500, body: { message: "down" } }) });
    withClient(<Picker onPick={jest.fn()} />);
    const box = screen.getByRole("combobox", { name: "Select a business" });
    fireEvent.focus(box);
    expect(await screen.findByText("No business matches.")).toBeInTheDocument();
    ok = false;
    fireEvent.change(box, { target: { value: "zz" } });
    expect(await screen.findByText("Could not search the businesses.")).toBeInTheDocument();
  });
});

describe("LoyaltyCardMonitor's business filter", () => {
  it("filters the cards by the business picked from the search, and 'All businesses' clears it", async () => {
    const route = installRouteFetch({
      "GET /api/admin/make-stats": { status: 200, body: { totalPasses: 0, successfulPasses: 0, fallbackPasses: 0, failedPasses: 0, activeBusinesses: 0, integrations: {} } },
      "GET /api/admin/wallet-push-problems": { status: 200, body: [] },
      "GET /api/admin/businesses": { status: 200, body: { businesses: [biz(7, "Gamma Grill")], nextCursor: null } },
      "GET /api/admin/loyalty-cards": { status: 200, body: [] },
    });
    withClient(<LoyaltyCardMonitor />);
    const box = screen.getByRole("combobox", { name: "Business" });
    fireEvent.focus(box);
    fireEvent.click(await screen.findByRole("option", { name: /Gamma Grill/ }));
    await screen.findAllByText("No loyalty cards match these filters.");
    expect(route.calls.map((c) => c.url)).toContain("/api/admin/loyalty-cards?businessId=7");
    fireEvent.focus(box);
    fireEvent.click(await screen.findByRole("option", { name: "All businesses" }));
    expect(box).toHaveValue("");
    // The whole list was never asked for.
    expect(route.calls.filter((c) => c.url === "/api/admin/businesses")).toEqual([]);
  });
});

describe("AdminTabs", () => {
  it("shows the server's overview at once and loads a tab's code and data when it is opened", async () => {
    const route = installRouteFetch({
      "GET /api/admin/message-audit": { status: 200, body: [] },
      "GET /api/chat/admin/sessions": { status: 200, body: [] },
    });
    // No query client around it: each tab brings its own provider.
    render(<AdminTabs initialTab="overview" overview={<p>Server overview</p>} />);
    expect(screen.getByText("Server overview")).toBeVisible();
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    expect(route.calls).toEqual([]);

    fireEvent.click(screen.getByRole("tab", { name: "Messages" }));
    const panel = screen.getByRole("tabpanel", { name: "Messages" });
    expect(await within(panel).findByRole("button", { name: "Send message" }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await within(panel).findByText("No messages sent yet.")).toBeInTheDocument();
    expect(screen.getByText("Server overview")).not.toBeVisible();
    expect(window.location.search).toBe("?tab=messages");

    fireEvent.click(screen.getByRole("tab", { name: "Overview" }));
    expect(screen.getByText("Server overview")).toBeVisible();
    expect(window.location.search).toBe("");
    // The messages tab stays mounted (hidden), so what was typed there is kept.
    expect(document.getElementById("admin-panel-messages")).not.toBeVisible();
    expect(within(document.getElementById("admin-panel-messages")!).getByRole("button", { hidden: true, name: "Send message" })).toBeInTheDocument();
  }, 30_000);

  it("opens on the tab in the address, with arrow keys moving between tabs", async () => {
    installRouteFetch({ "GET /api/chat/admin/sessions": { status: 200, body: [] } });
    render(<AdminTabs initialTab="support" overview={<p>Server overview</p>} />);
    expect(screen.getByRole("tab", { name: "Support chat" })).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(screen.getByRole("tab", { name: "Support chat" }), { key: "ArrowLeft" });
    expect(screen.getByRole("tab", { name: "Businesses" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Businesses" })).toHaveFocus();
    expect(await screen.findByRole("combobox", { name: "Select a business" }, { timeout: 15_000 })).toBeInTheDocument();
  }, 30_000);
});

describe("RevenueOnboarding", () => {
  it("shows the database's onboarding counts beside the revenue", () => {
    render(
      <RevenueOnboarding
        stats={{ totalBusinesses: 10_000, activeSubscriptions: 4, trialAccounts: 7, totalRevenue: "80.00", signupsThisMonth: 12 }}
        onboarding={{ totalBusinesses: 10_000, withCustomers: 8_123, founderMembers: 31 }}
      />,
    );
    expect(screen.getByText("8123 / 10000")).toBeInTheDocument();
    expect(screen.getByText("31")).toBeInTheDocument();
    expect(screen.getByText("£20.00")).toBeInTheDocument();
  });
});
