import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CardHubScreen } from "@/components/cards/card-hub-screen";
import { CardHubIsland } from "@/components/cards/card-hub-island";
import type { CardHubStart } from "@/components/cards/card-hub-parts";
import type { LoyaltyCardDto } from "@/lib/cards/loyalty-card-dto";
import { fakeResponse, installFakeFetch } from "../helpers/fake-fetch";
import { installDomShims } from "../helpers/dom-shims";
import { renderWithClient } from "../helpers/render-with-client";

// Issue 23: /loyalty-cards renders the newest cards and the counters on the server; the live hub
// takes over after the page, keeps them on screen until it has read every card, and a 'view passes'
// pressed before its code was in opens that card's dialog once it is.

installDomShims();
// The live page is the chunk the takeover imports after load; in jest that import is a cold transform
// that can outlast the waits below on a loaded machine. Load it once first, as a browser's cache would.
beforeAll(() => Promise.all([import("@/components/cards/card-hub-page"), import("@/components/cards/loyalty-card-dialog")]), 60_000);

const card = (id: number): LoyaltyCardDto => ({
  id,
  customerId: 100 + id,
  customerName: `Customer ${id}`,
  customerEmail: `customer${id}@example.com`,
  customerAccountStatus: "active",
  customerSleepStatus: "active",
  membershipNumber: String(4929811230 + id),
  cardNumber: `LC-${4929811230 + id}`,
  pointsBalance: id * 10,
  passkitStatus: id % 2 ? "created" : "fallback",
  passUrl: null,
  applePassUrl: null,
  googlePassUrl: null,
  lastUsedAt: null,
  createdAt: "2026-11-01T10:00:00.000Z",
});
const all = Array.from({ length: 62 }, (_, i) => card(62 - i));
const start: CardHubStart = { cards: all.slice(0, 60), next: "1762000000000-3", counts: { total: 62, max: 31, core: 31 } };

function page() {
  return (
    <CardHubIsland start={start}>
      <CardHubScreen start={start} />
    </CardHubIsland>
  );
}

beforeEach(() => window.sessionStorage.clear());

describe("the card hub's server-rendered first screen", () => {
  it("shows the counters, the newest cards and how many more; the live hub takes over without reading them again and reads the next page on 'Show more'", async () => {
    let answer!: (list: unknown) => void;
    const fetch = installFakeFetch();
    fetch.mockImplementation(() => new Promise((resolve) => (answer = (body) => resolve(fakeResponse({ status: 200, body })))));
    renderWithClient(page(), { toast: false });
    expect(screen.getByRole("heading", { name: "Loyalty cards" })).toBeInTheDocument();
    expect(screen.getByTestId("counter-total-cards")).toHaveTextContent("62");
    expect(screen.getByTestId("counter-digital-max")).toHaveTextContent("31");
    expect(screen.getAllByRole("article")).toHaveLength(60);
    expect(screen.getByRole("button", { name: "Show more (2 more)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "How digital loyalty cards work" })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole("button", { name: "Show more (2 more)" }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/loyalty-cards?limit=60&cursor=1762000000000-3", expect.anything()), { timeout: 20_000 });
    expect(screen.queryByTestId("card-grid-skeleton")).not.toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(60);
    expect(screen.getByTestId("counter-total-cards")).toHaveTextContent("62");
    await act(async () => answer(all.slice(60)));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(62), { timeout: 10_000 });
    expect(fetch).toHaveBeenCalledTimes(1);
  }, 90_000);

  it("'view passes' pressed before the hub's code is there opens that card's dialog once it is", async () => {
    installFakeFetch();
    const user = userEvent.setup();
    renderWithClient(page(), { toast: false });
    await user.click(within(screen.getByRole("article", { name: "Loyalty card of Customer 61" })).getByRole("button", { name: "view passes" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 20_000 });
    expect(within(dialog).getByRole("heading", { name: "Customer 61" })).toBeInTheDocument();
  });
});
