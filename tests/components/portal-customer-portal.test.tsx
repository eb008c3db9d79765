import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { CustomerPortal } from "@/components/portal/customer-portal";
import { PortalAccountView } from "@/components/portal/portal-account-view";
import { CODE_SENT, EMAIL, callsTo, granted, portalCustomer, renderWithClient, routeFetch, type Route } from "./portal-fixtures";

let mockSearch = "";
jest.mock("next/navigation", () => ({
  useSearchParams: () => new URLSearchParams(mockSearch),
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
}));

const ACCOUNT = "/api/customer-portal/account";
const VERIFY = "/api/customer/verify-access";
const signedOut: Route = ["GET", ACCOUNT, { status: 401, body: { message: "Please verify your email address first" } }];

afterEach(() => {
  act(() => dismiss());
  mockSearch = "";
});

describe("CustomerPortal", () => {
  it("asks for the email when there is no portal session, then shows the account once the code is verified", async () => {
    const fetch = routeFetch([signedOut, ["POST", VERIFY, { status: 200, body: CODE_SENT }, { status: 200, body: granted() }]]);
    const user = userEvent.setup();
    renderWithClient(<CustomerPortal />);
    await user.type(await screen.findByLabelText("Email address"), `${EMAIL}{Enter}`);
    await user.type(await screen.findByLabelText("6-digit code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify Code" }));

    expect(await screen.findByRole("heading", { name: "welcome back, Jamie Jones!" })).toBeInTheDocument();
    expect(screen.getByText("Access Granted")).toBeInTheDocument();
    expect(screen.getByText("Welcome to your loyalty account!")).toBeInTheDocument();
    expect(screen.getByText("Your loyalty account at The Daily Grind")).toBeInTheDocument();
    expect(screen.getByText("1234 5678 90")).toBeInTheDocument();
    expect(screen.getByText("Earn 1 point per £1 spent")).toBeInTheDocument();
    expect(screen.getByText("£64.50")).toBeInTheDocument();
    expect(screen.getByText("1 Mill Lane, BS1 1AA")).toBeInTheDocument();
    expect(screen.getByText("Ten percent off")).toBeInTheDocument();
    expect(screen.getByText("10% off")).toBeInTheDocument();
    expect(screen.getByText(/Expires 31\/12\/2026/)).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Recent transactions" });
    expect(within(list).getAllByRole("listitem").map((li) => li.querySelector("p")?.textContent)).toEqual(["Bonus Points", "Points Redemption", "Purchase"]);
    expect(within(list).getByText("-100 points")).toBeInTheDocument();
    expect(screen.getByText("Member since:").parentElement).toHaveTextContent("Member since: 03/01/2026");
    expect(screen.getByText("Last visit:").parentElement).toHaveTextContent("Last visit: 14/02/2026");
    expect(callsTo(fetch, "POST", VERIFY)).toEqual([{ email: EMAIL }, { email: EMAIL, code: "123456" }]);
  });

  // Issue 23: the page tells the component there is no session (null), so a visitor's first HTML is
  // the email step, not a skeleton waiting for a request that can only answer 401.
  it("shows the email step at once, with no request, when the page found no portal session", async () => {
    const fetch = routeFetch([]);
    renderWithClient(<CustomerPortal initialAccount={null} />);
    expect(screen.queryByText("Loading your account")).not.toBeInTheDocument();
    expect(await screen.findByLabelText("Email address")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("restores the account from an existing portal session without asking again", async () => {
    routeFetch([["GET", ACCOUNT, { status: 200, body: granted() }]]);
    renderWithClient(<CustomerPortal />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading your account");
    expect(await screen.findByRole("heading", { name: "welcome back, Jamie Jones!" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Email address")).not.toBeInTheDocument();
  });

  it("opens the account from a signed email link and removes the token from the address bar", async () => {
    mockSearch = "access=v1.abc.123.sig";
    const replace = jest.spyOn(window.history, "replaceState");
    const fetch = routeFetch([["POST", VERIFY, { status: 200, body: granted() }], ["GET", ACCOUNT, { status: 200, body: granted() }]]);
    renderWithClient(<CustomerPortal />);
    expect(await screen.findByRole("heading", { name: "welcome back, Jamie Jones!" })).toBeInTheDocument();
    expect(callsTo(fetch, "POST", VERIFY)).toEqual([{ token: "v1.abc.123.sig", purpose: "portal" }]);
    expect(replace).toHaveBeenCalledWith(null, "", window.location.pathname);
  });

  // Issue 20 / spec 3 section 2: the wallet pass button only if a pass link exists (a "Wallet
  // Pass" button without one claimed the pass was "being generated").
  it("shows no wallet pass button without a pass link, and links the pass when there is one", async () => {
    routeFetch([["GET", ACCOUNT, { status: 200, body: granted() }]]);
    const { unmount } = renderWithClient(<CustomerPortal />);
    expect(await screen.findByText("contact details")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Wallet Pass/ })).not.toBeInTheDocument();
    expect(screen.queryByText("digital wallet pass")).not.toBeInTheDocument();
    unmount();

    // The page draws a returning customer's account on the server and hands it in (issue 23).
    renderWithClient(
      <CustomerPortal>
        <PortalAccountView customer={portalCustomer({ passUrl: "https://example.com/pass.pkpass" })} accounts={[]} />
      </CustomerPortal>,
    );
    expect(screen.getByRole("link", { name: "Download Wallet Pass" })).toHaveAttribute("href", "https://example.com/pass.pkpass");
  });

  it("says 'Access denied' when the address is proven but has no account with a welcome email", async () => {
    const denied = { success: false, verified: true, email: EMAIL, customer: null, accounts: [], message: "We could not find a loyalty account with a welcome email for this address." };
    routeFetch([signedOut, ["POST", VERIFY, { status: 200, body: denied }]]);
    const user = userEvent.setup();
    renderWithClient(<CustomerPortal />);
    await user.type(await screen.findByLabelText("Email address"), `${EMAIL}{Enter}`);
    expect(await screen.findAllByText("Access denied")).not.toHaveLength(0);
    expect(screen.getAllByText(denied.message).length).toBeGreaterThan(0);
    expect(screen.queryByRole("heading", { name: /welcome back/ })).not.toBeInTheDocument();
  });

  it("switches between a customer's businesses and signs out", async () => {
    const second = portalCustomer({ id: 8, business: { name: "Bean There", pointsPerPound: 2 }, totalPoints: 10 });
    const accounts = [
      { id: 7, businessName: "The Daily Grind" },
      { id: 8, businessName: "Bean There" },
    ];
    const fetch = routeFetch([
      ["GET", ACCOUNT, { status: 200, body: granted(portalCustomer(), accounts) }],
      ["GET", `${ACCOUNT}?customerId=8`, { status: 200, body: granted(second, accounts) }],
      ["POST", "/api/customer-portal/logout", { status: 200, body: { message: "Signed out" } }],
    ]);
    const user = userEvent.setup();
    renderWithClient(<CustomerPortal />);
    await user.click(await screen.findByRole("button", { name: "Bean There" }));
    expect(await screen.findByText("Your loyalty account at Bean There")).toBeInTheDocument();
    expect(screen.getByText("Earn 2 point per £1 spent")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByLabelText("Email address")).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/customer-portal/logout")).toHaveLength(1));
  });

  // Issue 23: the page draws a returning customer's account as server components; sign-out and
  // switching are client islands inside it that reach the component's state.
  describe("the account the page drew on the server", () => {
    const second = portalCustomer({ id: 8, business: { name: "Bean There", pointsPerPound: 2 }, totalPoints: 10 });
    const accounts = [
      { id: 7, businessName: "The Daily Grind" },
      { id: 8, businessName: "Bean There" },
    ];
    const drawnByPage = () => (
      <CustomerPortal>
        <PortalAccountView customer={portalCustomer()} accounts={accounts} />
      </CustomerPortal>
    );

    it("is shown at once, with no request", () => {
      const fetch = routeFetch([]);
      renderWithClient(drawnByPage());
      expect(screen.getByRole("heading", { name: "welcome back, Jamie Jones!" })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "The Daily Grind" })).toHaveAttribute("aria-current", "page");
      expect(screen.getByRole("link", { name: "Marketing preferences" })).toHaveAttribute("href", "/customer-preferences");
      expect(screen.queryByRole("status")).not.toBeInTheDocument();
      expect(fetch).not.toHaveBeenCalled();
    });

    it("switches to another business from its switcher, busy meanwhile", async () => {
      let answer: (() => void) | undefined;
      const fetch = routeFetch([["GET", `${ACCOUNT}?customerId=8`, { status: 200, body: granted(second, accounts) }]]);
      const respond = fetch.getMockImplementation()!;
      fetch.mockImplementation((url: string, init?: RequestInit) => new Promise((resolve) => (answer = () => resolve(respond(url, init)))));
      const user = userEvent.setup();
      const { container } = renderWithClient(drawnByPage());
      await user.click(screen.getByRole("button", { name: "Bean There" }));
      expect(container.querySelector("[aria-busy='true']")).toHaveTextContent("welcome back, Jamie Jones!");
      expect(screen.getByRole("button", { name: "Bean There" })).toBeDisabled();
      act(() => answer?.());
      expect(await screen.findByText("Your loyalty account at Bean There")).toBeInTheDocument();
      expect(screen.getByText("Earn 2 point per £1 spent")).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Bean There" })).toHaveAttribute("aria-current", "page");
      expect(container.querySelector("[aria-busy='true']")).toBeNull();
    });

    it("signs out from its button, back to the email step", async () => {
      const fetch = routeFetch([["POST", "/api/customer-portal/logout", { status: 200, body: { message: "Signed out" } }]]);
      const user = userEvent.setup();
      renderWithClient(drawnByPage());
      await user.click(screen.getByRole("button", { name: "Sign out" }));
      expect(await screen.findByLabelText("Email address")).toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: /welcome back/ })).not.toBeInTheDocument();
      expect(callsTo(fetch, "POST", "/api/customer-portal/logout")).toHaveLength(1);
    });
  });
});
