import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dismiss } from "@/hooks/use-toast";
import { VoucherHubScreen } from "@/components/vouchers/voucher-hub-screen";
import { VoucherHubIsland } from "@/components/vouchers/voucher-hub-island";
import { installFakeFetch } from "../helpers/fake-fetch";
import { navigation } from "../helpers/next-navigation";
import { installDomShims } from "../helpers/dom-shims";
import { renderWithClient } from "../helpers/render-with-client";
import { voucherDto as voucher } from "../helpers/voucher-dto";

// Issue 23: /vouchers renders its newest vouchers on the server; the live hub takes over after the
// page and starts from them (issue 23: it no longer reads the whole list).

// The live hub's modules load on first use, slowly on a busy machine.
jest.setTimeout(60_000);
jest.mock("next/navigation", () => jest.requireActual("../helpers/next-navigation").nextNavigation);
jest.mock("@/components/vouchers/voucher-send-jobs", () => ({ VoucherSendJobs: () => null }));
navigation.pathname = "/vouchers";
installDomShims();

const vouchers = Array.from({ length: 52 }, (_, i) => voucher(100 - i, { title: `Treat ${100 - i}`, promoCode: `TREAT${100 - i}`, expiresAt: "2099-11-22T23:59:59.000Z" }));
const firstPage = { rows: vouchers.slice(0, 50), next: `${vouchers[49].id}.2026-11-20 10:00:00`, total: vouchers.length };

function page() {
  return (
    <VoucherHubIsland firstPage={firstPage} eager={false}>
      <VoucherHubScreen firstPage={firstPage} />
    </VoucherHubIsland>
  );
}

beforeEach(() => {
  navigation.search = "";
  window.sessionStorage.clear();
});
afterEach(() => act(() => dismiss()));

describe("the voucher hub's server-rendered first screen", () => {
  // Issue 23: the live hub read the whole list (every voucher of the business) after the page; it
  // starts from the server's page now and reads only the next page, when asked.
  it("shows the newest vouchers and how many more there are; the live hub starts from them and reads only the next page, with the server's cursor", async () => {
    const fetch = installFakeFetch({ status: 200, body: vouchers.slice(50) });
    renderWithClient(page());
    expect(screen.getByRole("heading", { name: "voucher hub" })).toBeInTheDocument();
    expect(within(screen.getByTestId("voucher-row-100")).getByText("TREAT100")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "show more (2 more)" })).toBeInTheDocument();

    // Pressed before the hub's code is there: replayed on the live hub, which asks for the next page only.
    await userEvent.setup().click(screen.getByRole("button", { name: "show more (2 more)" }));
    await waitFor(() => expect(screen.getAllByTestId(/^voucher-row-/)).toHaveLength(52), { timeout: 20_000 });
    expect(screen.getByTestId("voucher-row-49")).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetch.mock.calls[0][0]), "http://localhost");
    expect(url.pathname).toBe("/api/promos");
    expect(url.searchParams.get("cursor")).toBe(firstPage.next);
    expect(url.searchParams.get("limit")).toBe("50");
    expect(screen.queryByRole("button", { name: /show more/ })).not.toBeInTheDocument();
  });

  it("'create voucher' tapped before the hub's code is there opens the dialog once it is", async () => {
    installFakeFetch({ status: 200, body: vouchers });
    const user = userEvent.setup();
    renderWithClient(page());
    await user.click(screen.getByRole("button", { name: "create voucher" }));
    expect(await screen.findByRole("dialog", { name: /create voucher/i }, { timeout: 20_000 })).toBeInTheDocument();
  });
});
