import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { makeQueryClient } from "@/lib/client/query-client";
import { Toaster } from "@/components/ui/toaster";
import { dismiss } from "@/hooks/use-toast";
import { SendMessageForm } from "@/components/admin/send-message-form";
import { ChatSupportQueue } from "@/components/admin/chat-support-queue";
import { MessageAuditTable } from "@/components/admin/message-audit-table";
import { ReferralPanel } from "@/components/admin/referral-panel";
import { LoyaltyCardMonitor } from "@/components/admin/loyalty-card-monitor";
import { BusinessPanel } from "@/components/admin/business-panel";
import { AdminHeader } from "@/components/admin/admin-header";
import { AdminStatCards } from "@/components/admin/admin-stat-cards";
import type { AdminBusinessDto } from "@/lib/admin/list-businesses";
import type { ChatSessionDto } from "@/lib/chat/chat-dto";
import { installDomShims, installRouteFetch } from "./account-route-fetch";

jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));

function renderWithClient(ui: ReactNode) {
  return render(
    <QueryClientProvider client={makeQueryClient()}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

const session = (id: number, status: string, businessName: string): ChatSessionDto => ({
  id,
  subject: "Support Request",
  sessionType: "message",
  status,
  businessName,
  lastActivityAt: "2026-11-22T10:00:00Z",
  createdAt: "2026-11-22T10:00:00Z",
  messages: [{ id: id * 10, sessionId: id, content: `Help from ${businessName}`, messageType: "human_support", isUser: true, senderName: "Owner", createdAt: "2026-11-22T10:00:00Z", metadata: null }],
});

beforeAll(installDomShims);
afterEach(() => act(() => dismiss()));

describe("SendMessageForm", () => {
  it("keeps Send disabled until both a title and content are typed, then sends and says 'Message Sent'", async () => {
    const route = installRouteFetch({ "POST /api/admin/send-message": { status: 201, body: { id: 1, title: "Hi", content: "There", createdAt: "2026-11-22T10:00:00Z" } } });
    renderWithClient(<SendMessageForm />);
    const send = screen.getByRole("button", { name: "Send message" });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Hi" } });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "   " } });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "There" } });
    expect(send).toBeEnabled();
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "" } });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Hi" } });
    fireEvent.click(send);
    expect(await screen.findAllByText("Message Sent")).not.toHaveLength(0);
    expect(route.callsTo("POST", "/api/admin/send-message")[0].body).toEqual({ title: "Hi", content: "There", adminId: null });
    expect(screen.getByLabelText("Title")).toHaveValue("");
  });

  it("shows 'Send Failed' when the server refuses", async () => {
    installRouteFetch({ "POST /api/admin/send-message": { status: 500, body: { message: "boom" } } });
    renderWithClient(<SendMessageForm />);
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Hi" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "There" } });
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findAllByText("Send Failed")).not.toHaveLength(0);
  });
});

describe("ChatSupportQueue", () => {
  const sessions = [session(1, "active", "Active Cafe"), session(2, "closed", "Closed Cafe"), session(3, "escalated", "Escalated Cafe")];

  it("shows the reply box only for an active chat, and Close only for chats not yet closed", async () => {
    installRouteFetch({ "GET /api/chat/admin/sessions": { status: 200, body: sessions } });
    renderWithClient(<ChatSupportQueue />);
    fireEvent.click(await screen.findByRole("button", { name: /Active Cafe/ }));
    let panel = screen.getByRole("region", { name: "Chat with Active Cafe" });
    expect(within(panel).getByLabelText("Reply")).toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Send reply" })).toBeDisabled();
    expect(within(panel).getByRole("button", { name: "Close chat" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: /Closed Cafe/ }));
    panel = screen.getByRole("region", { name: "Chat with Closed Cafe" });
    expect(within(panel).queryByLabelText("Reply")).not.toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Close chat" })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: /Escalated Cafe/ }));
    panel = screen.getByRole("region", { name: "Chat with Escalated Cafe" });
    expect(within(panel).queryByLabelText("Reply")).not.toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Close chat" })).toBeInTheDocument();
  });

  it("sends a support reply with the spec's payload and toasts 'Reply Sent'; a failure says 'Failed to send reply'", async () => {
    let ok = true;
    const route = installRouteFetch({
      "GET /api/chat/admin/sessions": { status: 200, body: sessions },
      "POST /api/chat/sessions/1/messages": () => (ok ? { status: 201, body: {} } : { status: 409, body: { message: "closed" } }),
    });
    renderWithClient(<ChatSupportQueue />);
    fireEvent.click(await screen.findByRole("button", { name: /Active Cafe/ }));
    fireEvent.change(screen.getByLabelText("Reply"), { target: { value: " On it " } });
    fireEvent.click(screen.getByRole("button", { name: "Send reply" }));
    expect(await screen.findAllByText("Reply Sent")).not.toHaveLength(0);
    expect(route.callsTo("POST", "/api/chat/sessions/1/messages")[0].body).toEqual({ content: "On it", messageType: "human_support", isUser: false, senderName: "Support Team" });

    ok = false;
    act(() => dismiss());
    fireEvent.change(screen.getByLabelText("Reply"), { target: { value: "Again" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reply" }));
    expect(await screen.findAllByText("Failed to send reply")).not.toHaveLength(0);
  });

  it("closes a chat with 'Chat Closed', and reports 'Failed to close chat session'", async () => {
    let status = 200;
    installRouteFetch({
      "GET /api/chat/admin/sessions": { status: 200, body: sessions },
      "POST /api/chat/sessions/3/close": () => ({ status, body: status === 200 ? { id: 3, status: "closed" } : { message: "This chat is already closed" } }),
    });
    renderWithClient(<ChatSupportQueue />);
    fireEvent.click(await screen.findByRole("button", { name: /Escalated Cafe/ }));
    fireEvent.click(screen.getByRole("button", { name: "Close chat" }));
    expect(await screen.findAllByText("Chat Closed")).not.toHaveLength(0);
    status = 409;
    act(() => dismiss());
    fireEvent.click(screen.getByRole("button", { name: "Close chat" }));
    expect(await screen.findAllByText("Failed to close chat session")).not.toHaveLength(0);
  });
});

describe("MessageAuditTable and ReferralPanel", () => {
  it("shows read rates as readCount / totalBusinesses", async () => {
    installRouteFetch({
      "GET /api/admin/message-audit": { status: 200, body: [{ id: 1, title: "Hello", content: "World", createdAt: "2026-11-22T10:00:00Z", totalBusinesses: 8, readCount: 2, unreadCount: 6 }] },
    });
    renderWithClient(<MessageAuditTable />);
    expect(await screen.findByText("25%")).toBeInTheDocument();
    expect(screen.getByText("2 / 8")).toBeInTheDocument();
  });

  it("highlights referral rows with 7 days or fewer remaining", async () => {
    const row = (id: number, businessName: string, daysRemaining: number, trialStatus = "active") => ({
      id, businessName, businessEmail: `${id}@x.test`, referrerName: "Ref", referrerId: 9, trialStatus, trialDuration: 28, daysRemaining, createdAt: "2026-11-01T10:00:00Z",
    });
    // Drawn on the server from the page's reads (issue 23): the data comes as props.
    render(
      <ReferralPanel
        stats={{ totalReferrals: 3, activeTrials: 2, conversions: 1, conversionRate: 33.3 }}
        activity={[row(1, "Soon Cafe", 7), row(2, "Later Cafe", 8), row(3, "Won Cafe", 0, "converted")]}
      />,
    );
    const soon = screen.getByText("Soon Cafe").closest("tr");
    expect(soon).toHaveAttribute("data-ending-soon", "true");
    expect(screen.getByText("Later Cafe").closest("tr")).not.toHaveAttribute("data-ending-soon");
    expect(screen.getByText("Won Cafe").closest("tr")).not.toHaveAttribute("data-ending-soon");
    expect(screen.getByText("Converted")).toBeInTheDocument();
    expect(screen.getAllByText("Active Trial")).toHaveLength(2);
    expect(screen.getByText("33.3%")).toBeInTheDocument();
  });
});

describe("LoyaltyCardMonitor", () => {
  const card = { id: 5, customerName: "Cara", customerEmail: "cara@x.test", businessName: "Alpha Cafe", membershipNumber: "M-1", passkitStatus: "failed", passUrl: null, createdAt: "2026-11-22T10:00:00Z" };
  const stats = { totalPasses: 9, successfulPasses: 6, fallbackPasses: 2, failedPasses: 1, activeBusinesses: 3, integrations: { apple: true, google: false, sms: true, email: false, stripe: false } };

  it("shows the wallet stats, which providers are configured, and filters the cards by status", async () => {
    const route = installRouteFetch({
      "GET /api/admin/make-stats": { status: 200, body: stats },
      "GET /api/admin/businesses": { status: 200, body: [] },
      "GET /api/admin/loyalty-cards": { status: 200, body: [card] },
    });
    renderWithClient(<LoyaltyCardMonitor />);
    expect(await screen.findByText("Cara")).toBeInTheDocument();
    expect(await screen.findByText("Apple Wallet: Configured")).toBeInTheDocument();
    expect(screen.getByText("Google Wallet: Simulated")).toBeInTheDocument();
    expect(screen.getByText("SMS (Twilio): Configured")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Pass status"), { target: { value: "failed" } });
    await screen.findByText("Cara");
    expect(route.calls.map((c) => c.url)).toContain("/api/admin/loyalty-cards?status=failed");
  });

  it("shows each pass's live-update devices, last push and last error", async () => {
    const live = { ...card, id: 6, customerName: "Dev", passkitStatus: "created", registrations: 2, lastPushAt: "2026-11-22T11:00:00Z", lastPushError: "APNs: 1 of 2 pushes failed (500)", pushPending: true };
    const quiet = { ...card, id: 7, customerName: "Eve", passkitStatus: "created", registrations: 1, lastPushAt: null, lastPushError: null, pushPending: false };
    installRouteFetch({
      "GET /api/admin/make-stats": { status: 200, body: stats },
      "GET /api/admin/businesses": { status: 200, body: [] },
      "GET /api/admin/loyalty-cards": { status: 200, body: [live, quiet] },
    });
    renderWithClient(<LoyaltyCardMonitor />);
    const devRow = (await screen.findByText("Dev")).closest("tr")!;
    expect(within(devRow).getByText(/2 devices/)).toBeInTheDocument();
    expect(within(devRow).getByText("Pending")).toBeInTheDocument();
    expect(within(devRow).getByText("Last error: APNs: 1 of 2 pushes failed (500)")).toBeInTheDocument();
    expect(within(devRow).queryByText("Last push: never")).not.toBeInTheDocument();
    const eveRow = screen.getByText("Eve").closest("tr")!;
    expect(within(eveRow).getByText(/1 device$/)).toBeInTheDocument();
    expect(within(eveRow).getByText("Last push: never")).toBeInTheDocument();
    expect(within(eveRow).queryByText("Pending")).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch loyalty cards' and 'Failed to fetch wallet stats' when the reads fail", async () => {
    installRouteFetch({
      "GET /api/admin/make-stats": { status: 500, body: { message: "stats down" } },
      "GET /api/admin/businesses": { status: 200, body: [] },
      "GET /api/admin/loyalty-cards": { status: 200, body: [] },
    });
    renderWithClient(<LoyaltyCardMonitor />);
    expect(await screen.findAllByText("Failed to fetch wallet stats")).not.toHaveLength(0);
    act(() => dismiss());
    installRouteFetch({ "GET /api/admin/loyalty-cards": { status: 500, body: { message: "cards down" } }, "GET /api/admin/make-stats": { status: 200, body: stats } });
    renderWithClient(<LoyaltyCardMonitor fixedBusinessId={4} />);
    expect(await screen.findAllByText("Failed to fetch loyalty cards")).not.toHaveLength(0);
  });
});

describe("BusinessPanel", () => {
  const business: AdminBusinessDto = {
    id: 4, name: "Alpha Cafe", email: "alpha@cafe.test", phone: "+447700900123", businessAddress: "1 Mill Lane", ownerName: "Ada", subscriptionStatus: "trial",
    accountStatus: "active", statusChangedAt: null, statusChangedBy: null, customerCount: 2, customerLimit: 10, pointsPerPound: 1, redemptionValue: "1.00",
    subscriptionPrice: null, isFounderMember: false, founderMemberGrantedAt: null, founderMemberGrantedBy: null, referralCode: null, trialEndsAt: null, createdAt: "2026-11-01T10:00:00Z",
  };

  // The tabs and each tab's content load when they are first shown (issue 23): the picker, then the
  // Headlines, then the Account and Customers tabs, each after its skeleton.
  it("shows the picked business's headlines, then its account and customers tabs when opened", async () => {
    installRouteFetch({
      "GET /api/admin/businesses": { status: 200, body: { businesses: [business], nextCursor: null } },
      "GET /api/admin/businesses/4": { status: 200, body: business },
      "GET /api/admin/business-stats/4": { status: 200, body: { customerCount: 2, lastCustomerSignup: null, totalPointsAwarded: 1500, totalPointsRedeemed: 0, bonusPointsAwarded: 0, vouchersRaised: 3 } },
      "GET /api/admin/business-customers/4": { status: 200, body: [] },
    });
    renderWithClient(<BusinessPanel />);
    const box = screen.getByRole("combobox", { name: "Select a business" });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: "alpha" } });
    fireEvent.click(await screen.findByRole("option", { name: /Alpha Cafe/ }));
    expect(await screen.findByText("2 / 10")).toBeInTheDocument();
    expect(screen.getByText("None yet")).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole("tab", { name: "Account" }));
    expect(await screen.findByLabelText("Points per pound")).toHaveValue("1");
    expect(screen.getByRole("switch", { name: "Founder member" })).not.toBeChecked();

    fireEvent.mouseDown(screen.getByRole("tab", { name: "Customers" }));
    expect(await screen.findByText("This business has no customers yet.")).toBeInTheDocument();
  });
});

describe("AdminHeader and AdminStatCards", () => {
  // The page reads these on the server (issue 23): the first render shows them, nothing is asked.
  it("show the server's settings and platform numbers at once, without asking for them", () => {
    const route = installRouteFetch({});
    const settings = { signupsEnabled: false, pinProtectionEnabled: false, signupPin: null, defaultSubscriptionPrice: "21.00", maintenanceMode: false, bannerEnabled: false, bannerTitle: null, bannerText: null };
    render(
      <>
        <AdminHeader settings={settings} />
        <AdminStatCards stats={{ totalBusinesses: 12, activeSubscriptions: 5, trialAccounts: 4, totalRevenue: "104.95", signupsThisMonth: 3 }} />
      </>,
    );
    expect(screen.getByText("Paused")).toBeInTheDocument();
    expect(screen.getByText("12")).toBeInTheDocument();
    expect(screen.getByText("£104.95")).toBeInTheDocument();
    expect(route.calls).toEqual([]);
  });
});
