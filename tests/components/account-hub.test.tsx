import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { Toaster } from "@/components/ui/toaster";
import { dismiss } from "@/hooks/use-toast";
import { AccountHub } from "@/components/account/account-hub";
import type { BusinessSettingsDto } from "@/lib/business/business-dto";
import { installDomShims, installRouteFetch, type RouteHandler } from "./account-route-fetch";
import { retype } from "../helpers/form-steps";
import { NEW_BUSINESS_PROFILE } from "../helpers/business-dto";

const mockPush = jest.fn();
const mockRefresh = jest.fn();
jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: mockPush, replace: jest.fn(), refresh: mockRefresh, back: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => "/account",
  useSearchParams: () => new URLSearchParams(),
}));

const business = (overrides: Partial<BusinessSettingsDto> = {}): BusinessSettingsDto => ({
  id: 42,
  name: "The Daily Grind",
  businessName: "The Daily Grind",
  businessAddress: "1 High Street, Bristol BS1 1AA",
  phone: "+447700900123",
  phoneVerified: true,
  phoneVerifiedAt: "2026-11-01T10:00:00Z",
  website: null,
  email: "owner@example.test",
  ownerFirstName: "Ada",
  ownerLastName: "Owner",
  ...NEW_BUSINESS_PROFILE,
  paymentFailedAt: null,
  trialEndsAt: null,
  customerCount: 3,
  subscriptionPrice: null,
  accountStatus: "active",
  statusChangedAt: null,
  statusChangedBy: null,
  isFounderMember: false,
  founderMemberGrantedAt: null,
  founderMemberGrantedBy: null,
  referralCode: "REF12345",
  emailMarketing: false,
  smsMarketing: false,
  createdAt: "2026-10-01T10:00:00Z",
  ...overrides,
});
const usage = (customersUsed: number, customersLimit: number | null = 10) => ({ isAtLimit: customersLimit !== null && customersUsed >= customersLimit, subscriptionStatus: "pro_starter", customersUsed, customersLimit });

function setup(routes: Record<string, RouteHandler> = {}, b = business(), u = usage(3)) {
  return installRouteFetch({
    "GET /api/business": { status: 200, body: b },
    "GET /api/subscription/usage": { status: 200, body: u },
    "GET /api/business/staff": { status: 200, body: { businessId: b.id, loginPath: `/staff/login?business=${b.id}`, staff: [] } },
    ...routes,
  });
}

function renderHub() {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <AccountHub />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeAll(installDomShims);
// The business information form (react-hook-form, zod, the phone check) is a chunk the hub imports
// after it mounts; the page's first load no longer carries zod (issue 23), so in jest that import is
// a cold transform of several packages, longer than findBy's 1 s on a loaded machine. Load it once
// first, as a browser's cache would have it.
beforeAll(() => import("@/components/account/business-info-form"), 30_000);
beforeEach(() => {
  mockPush.mockReset();
  window.sessionStorage.clear();
});
afterEach(() => act(() => dismiss()));

describe("account hub: business information", () => {
  it("shows the spec's required-field messages without calling the server", async () => {
    const routes = setup();
    renderHub();
    const name = await screen.findByLabelText("business name");
    await userEvent.clear(name);
    await userEvent.clear(screen.getByLabelText("business address"));
    await userEvent.type(screen.getByLabelText("website (optional)"), "not a site");
    await userEvent.click(screen.getByRole("button", { name: "save changes" }));
    expect(await screen.findByText("business name is required")).toBeInTheDocument();
    expect(screen.getByText("business address is required")).toBeInTheDocument();
    expect(screen.getByText("please enter a valid website address starting with http:// or https://")).toBeInTheDocument();
    expect(routes.callsTo("PUT", "/api/business")).toHaveLength(0);
  });

  it("saves with PUT /api/business and says 'Business settings updated'", async () => {
    const routes = setup({
      "PUT /api/business": (init) => ({ status: 200, body: { message: "Business settings updated", business: business({ ...JSON.parse(String(init?.body)), name: "The Daily Grind 2", businessName: "The Daily Grind 2", website: "https://grind.example.com" }) } }),
    });
    renderHub();
    const name = await screen.findByLabelText("business name");
    await userEvent.clear(name);
    await userEvent.type(name, "The Daily Grind 2");
    await userEvent.type(screen.getByLabelText("website (optional)"), "https://grind.example.com");
    await userEvent.click(screen.getByRole("button", { name: "save changes" }));
    expect(await screen.findByText("Business settings updated")).toBeInTheDocument();
    expect(routes.callsTo("PUT", "/api/business")[0].body).toEqual({ businessName: "The Daily Grind 2", businessAddress: "1 High Street, Bristol BS1 1AA", phone: "+447700900123", website: "https://grind.example.com" });
    expect(mockRefresh).toHaveBeenCalled();
  });

  it("shows 'Error updating business settings' with the server's message", async () => {
    setup({ "PUT /api/business": { status: 409, body: { message: "To change your phone number, use 'change number'." } } });
    renderHub();
    await userEvent.click(await screen.findByRole("button", { name: "save changes" }));
    expect(await screen.findByText("Error updating business settings")).toBeInTheDocument();
    expect(screen.getByText("To change your phone number, use 'change number'.")).toBeInTheDocument();
  });

  it("keeps the phone read-only and changes it through the verification dialog", async () => {
    setup();
    renderHub();
    expect(await screen.findByLabelText("phone number")).toHaveAttribute("readonly");
    await userEvent.click(screen.getByRole("button", { name: "change number" }));
    expect(await screen.findByRole("dialog", { name: "verify your phone number" })).toBeInTheDocument();
  });

  it("shows 'Error updating marketing preferences' when the switch cannot be saved", async () => {
    const routes = setup({ "PUT /api/business/marketing-preferences": { status: 500, body: { message: "Something went wrong on our side. Please try again." } } });
    renderHub();
    await userEvent.click(await screen.findByRole("switch", { name: "email marketing" }));
    expect(await screen.findByText("Error updating marketing preferences")).toBeInTheDocument();
    expect(routes.callsTo("PUT", "/api/business/marketing-preferences")[0].body).toEqual({ emailMarketing: true, smsMarketing: false });
  });
});

describe("account hub: plan, banners, referral, downgrade", () => {
  it.each([
    [8, "almost at limit"],
    [10, "party is full"],
    [12, "over your customer limit"],
  ])("shows the capacity banner for %i of 10 customers", async (used, title) => {
    setup({}, business(), usage(used));
    renderHub();
    expect(await screen.findByText(title)).toBeInTheDocument();
  });

  it("shows no capacity banner under 8 customers or on max", async () => {
    setup({}, business({ subscriptionStatus: "pro_max" }), usage(40, null));
    renderHub();
    expect(await screen.findByTestId("plan-name")).toHaveTextContent("max");
    expect(screen.getByText("£21.00/month")).toBeInTheDocument();
    expect(screen.queryByTestId("plan-banners")).not.toBeInTheDocument();
  });

  it("shows the payment-failed banner with the days left of the 7-day grace period", async () => {
    const failedAt = new Date(Date.now() - 2 * 86_400_000 - 60_000).toISOString();
    setup({}, business({ subscriptionStatus: "payment_failed", paymentFailedAt: failedAt }), usage(5, null));
    renderHub();
    const banner = (await screen.findByText("payment failed")).closest("[role=alert]") as HTMLElement;
    expect(banner).toHaveTextContent("within 5 days");
  });

  it("reports a failed upgrade with 'Error starting upgrade' and the fallback message", async () => {
    setup({ "POST /api/billing/upgrade": { status: 404, body: "<html>not found</html>" } }, business(), usage(10));
    renderHub();
    const banner = (await screen.findByText("party is full")).closest("[role=alert]") as HTMLElement;
    await userEvent.click(within(banner).getByRole("button", { name: "upgrade to max" }));
    expect(await screen.findByText("Error starting upgrade")).toBeInTheDocument();
    expect(screen.getByText("Failed to start upgrade")).toBeInTheDocument();
  });

  it("falls back to /account when the billing portal cannot open", async () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    setup({ "POST /api/billing/portal": { status: 500, body: { message: "no portal" } } });
    renderHub();
    await userEvent.click(await screen.findByRole("button", { name: "manage billing" }));
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith("/account"));
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it("copies the referral link with 'link copied!'", async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    setup();
    renderHub();
    expect(await screen.findByLabelText("your referral link")).toHaveValue(`${window.location.origin}/signup?ref=REF12345`);
    await userEvent.click(screen.getByRole("button", { name: "copy link: your referral link" }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/signup?ref=REF12345`);
    expect(await screen.findByText("link copied!")).toBeInTheDocument();
  });

  it("downgrades in two steps with 'Subscription downgraded', and reports 'Downgrade failed'", async () => {
    let fail = true;
    const routes = setup(
      { "POST /api/subscription/downgrade": () => (fail ? { status: 400, body: { error: "Downgrade already scheduled" } } : { status: 200, body: { message: "You will move to starter in 7 days." } }) },
      business({ subscriptionStatus: "pro_max" }),
      usage(14, null),
    );
    renderHub();
    await userEvent.click(await screen.findByRole("button", { name: "downgrade to starter" }));
    expect(screen.getByRole("dialog", { name: "downgrade to starter?" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "continue" }));
    const confirm = screen.getByRole("dialog", { name: "are you sure?" });
    expect(confirm).toHaveTextContent("4 of your 14 customers will be parked");
    expect(routes.callsTo("POST", "/api/subscription/downgrade")).toHaveLength(0);

    await userEvent.click(within(confirm).getByRole("button", { name: "yes, downgrade" }));
    expect(await screen.findByText("Downgrade failed")).toBeInTheDocument();
    expect(screen.getByText("Downgrade already scheduled")).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "yes, downgrade" }));
    expect(await screen.findByText("Subscription downgraded")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "are you sure?" })).not.toBeInTheDocument());
  });
});

describe("account hub: staff logins", () => {
  it("shows the business ID and staff login link, and creates a login", async () => {
    const staff: unknown[] = [];
    const routes = setup({
      "GET /api/business/staff": () => ({ status: 200, body: { businessId: 42, loginPath: "/staff/login?business=42", staff } }),
      "POST /api/business/staff": (init) => {
        const row = { id: 5, username: JSON.parse(String(init?.body)).username, createdAt: "2026-11-22T10:00:00Z", updatedAt: "2026-11-22T10:00:00Z", lastLoginAt: null };
        staff.push(row);
        return { status: 201, body: { message: "Staff login created", staff: row } };
      },
    });
    renderHub();
    expect(await screen.findByTestId("staff-business-id")).toHaveTextContent("42");
    expect(screen.getByLabelText("staff login link")).toHaveValue(`${window.location.origin}/staff/login?business=42`);
    await userEvent.click(screen.getByRole("button", { name: "add staff login" }));
    const dialog = screen.getByRole("dialog", { name: "add staff login" });
    await userEvent.type(within(dialog).getByLabelText("username"), "till.one");
    await userEvent.type(within(dialog).getByLabelText("password"), "weakpass");
    await userEvent.click(within(dialog).getByRole("button", { name: "create login" }));
    expect(await within(dialog).findByText("password must contain at least one number")).toBeInTheDocument();
    await retype(userEvent, within(dialog).getByLabelText("password"), "Till-pass1");
    await userEvent.click(within(dialog).getByRole("button", { name: "create login" }));
    expect(await screen.findByText("Staff login created")).toBeInTheDocument();
    expect(routes.callsTo("POST", "/api/business/staff")[0].body).toEqual({ username: "till.one", password: "Till-pass1" });
    expect(await screen.findByRole("cell", { name: "till.one" })).toBeInTheDocument();
  });

  it("shows a taken username on the field", async () => {
    setup({ "POST /api/business/staff": { status: 409, body: { message: "A staff login with this username already exists" } } });
    renderHub();
    await userEvent.click(await screen.findByRole("button", { name: "add staff login" }));
    const dialog = screen.getByRole("dialog", { name: "add staff login" });
    await userEvent.type(within(dialog).getByLabelText("username"), "till.one");
    await userEvent.type(within(dialog).getByLabelText("password"), "Till-pass1");
    await userEvent.click(within(dialog).getByRole("button", { name: "create login" }));
    expect(await within(dialog).findByText("A staff login with this username already exists")).toBeInTheDocument();
  });
});

// Issue 23: the page reads the hub's six answers on the server (lib/account/get-account-start.ts);
// the hub starts from them, so its cards are in the first render and nothing is asked again.
describe("account hub: started from the page's server reads", () => {
  it("renders every card from `start` without a request", async () => {
    const routes = installRouteFetch({});
    const b = business({ subscriptionStatus: "pro_max" });
    const key = { id: 7, name: "front till", scope: "write", prefix: "ll_AbCdEfGh", createdAt: "2026-11-25T10:00:00.000Z", lastUsedAt: null, revokedAt: null };
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <AccountHub
          start={{
            business: b,
            usage: usage(40, null),
            staff: { businessId: 42, loginPath: "/staff/login?business=42", staff: [{ id: 5, username: "till.one", createdAt: "2026-11-22T10:00:00Z", updatedAt: "2026-11-22T10:00:00Z", lastLoginAt: null }] },
            apiKeys: { keys: [key] },
            webhookEndpoints: { endpoints: [{ id: 3, url: "https://till.example/hooks", secret: "whsec_abc", events: ["points.changed"], createdAt: key.createdAt }] },
            webhookDeliveries: { deliveries: [] },
          }}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId("plan-name")).toHaveTextContent("max");
    expect(screen.getByText("customers: 40 (unlimited)")).toBeInTheDocument();
    expect(screen.getByTestId("staff-business-id")).toHaveTextContent("42");
    expect(screen.getByRole("cell", { name: "till.one" })).toBeInTheDocument();
    expect(screen.getByText("front till")).toBeInTheDocument();
    expect(screen.getByText("https://till.example/hooks")).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading your account" })).not.toBeInTheDocument();
    await act(async () => {});
    expect(routes.calls).toEqual([]);
  });
});
