import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { dismiss } from "@/hooks/use-toast";
import { Toaster } from "@/components/ui/toaster";
import { AuthScreen } from "@/components/auth/auth-screen";
import { SignInForm } from "@/components/auth/sign-in-form";
import { QueryProvider } from "@/components/query-provider";
import { ShellWidgets } from "@/components/layout/shell-widgets";
import { LazyCapacityBanners } from "@/components/dashboard/plan-banners-lazy";
import { getQueryClient, makeQueryClient } from "@/lib/client/query-client";
import { installFakeFetch } from "../helpers/fake-fetch";
import { installDomShims } from "../helpers/dom-shims";
import { navigation } from "../helpers/next-navigation";

// Issue 23: react-query's provider is no longer in the root layout. The admin layout mounts
// QueryProvider; the business layout does not (the business pages whose first screen reads queries
// mount it, and what loads after the page brings it); the sign-in screens have none, and the parts
// of them that send with react-query's mutations (sign-up tab, access-code gate, forgot password)
// bring it with their code.
// These render the screens as the app does now: with the toaster and no query provider around them.

jest.mock("next/navigation", () => jest.requireActual("../helpers/next-navigation").nextNavigation);
navigation.pathname = "/auth";
installDomShims();

const renderBare = (ui: React.ReactElement) =>
  render(
    <>
      {ui}
      <Toaster />
    </>,
  );

describe("pages without a query provider", () => {
  afterEach(() => act(() => dismiss()));

  it("the sign-in tab's forgot-password dialog sends the phone number", async () => {
    const fetchMock = installFakeFetch({ status: 200, body: { token: "tok-123", businessName: "The Daily Grind", message: "A 4-digit code has been sent to *********123" } });
    renderBare(<SignInForm onSignedIn={jest.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "Forgot password?" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Phone number"), "07700 900123");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("choose a new password")).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe("/api/auth/forgot-password");
  });

  it("the sign-up tab's access-code gate checks the code, then the form shows", async () => {
    const fetchMock = installFakeFetch(
      { status: 200, body: { signupsEnabled: true, pinProtectionEnabled: true } },
      { status: 200, body: { valid: true } },
    );
    renderBare(<AuthScreen />);
    await userEvent.click(screen.getByRole("tab", { name: "Sign up" }));
    await userEvent.type(await screen.findByLabelText("Access code"), "4321");
    await userEvent.click(screen.getByRole("button", { name: "Verify access code" }));
    expect(await screen.findByLabelText("Business name")).toBeInTheDocument();
    expect(fetchMock.mock.calls[1][0]).toBe("/api/auth/verify-access-code");
  });

  it("the business area's widgets loaded after the page (support chat) bring their own provider", async () => {
    installFakeFetch({ status: 200, body: [] }, { status: 200, body: [] }, { status: 200, body: [] });
    renderBare(<ShellWidgets adminMode={false} />);
    expect(await screen.findByRole("button", { name: "Open support chat" }, { timeout: 5000 })).toBeInTheDocument();
  });

  it("the dashboard's capacity banner (its buttons send with mutations) brings its own provider", async () => {
    renderBare(<LazyCapacityBanners input={{ subscriptionStatus: "active", paymentFailedAt: null, customersUsed: 8, customersLimit: 10 }} />);
    expect(await screen.findByText("almost at limit", {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe("QueryProvider", () => {
  function ClientOf({ onClient }: { onClient: (client: unknown) => void }) {
    onClient(useQueryClient());
    return null;
  }

  it("gives every mount the tab's one client, so moving between route groups keeps the cache", () => {
    const seen: unknown[] = [];
    const first = render(
      <QueryProvider>
        <ClientOf onClient={(c) => seen.push(c)} />
      </QueryProvider>,
    );
    first.unmount();
    render(
      <QueryProvider>
        <ClientOf onClient={(c) => seen.push(c)} />
      </QueryProvider>,
    );
    expect(seen[0]).toBe(getQueryClient());
    expect(seen[seen.length - 1]).toBe(getQueryClient());
  });

  it("inside another provider, uses that provider's client", () => {
    const outer = makeQueryClient();
    let seen: unknown;
    render(
      <QueryClientProvider client={outer}>
        <QueryProvider>
          <ClientOf onClient={(c) => (seen = c)} />
        </QueryProvider>
      </QueryClientProvider>,
    );
    expect(seen).toBe(outer);
  });
});
