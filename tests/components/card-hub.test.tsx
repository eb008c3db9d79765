import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/client/query-client";
import { CardHubPage, CARDS_PAGE_SIZE } from "@/components/cards/card-hub-page";
import { EXPLAINER_KEYS } from "@/components/cards/card-hub-explainers";
import type { LoyaltyCardDto } from "@/lib/cards/loyalty-card-dto";
import { installFakeFetch } from "../helpers/fake-fetch";
import { routeFetch } from "./portal-fixtures";
import { countCardTypes } from "@/lib/cards/card-type";
import { formatMembershipNumber } from "@/lib/rules/membership-number";
import { expectTexts } from "../helpers/screen-checks";

function card(id: number, overrides: Partial<LoyaltyCardDto> = {}): LoyaltyCardDto {
  const membershipNumber = String(4929811230 + id);
  return {
    id,
    customerId: 100 + id,
    customerName: `Customer ${id}`,
    customerEmail: `customer${id}@example.com`,
    customerAccountStatus: "active",
    customerSleepStatus: "active",
    membershipNumber,
    cardNumber: `LC-${membershipNumber}`,
    pointsBalance: 0,
    passkitStatus: "fallback",
    passUrl: null,
    applePassUrl: null,
    googlePassUrl: null,
    lastUsedAt: null,
    createdAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

const APPLE = "https://app.example.test/apple";
const GOOGLE = "https://app.example.test/google";
const CARDS = [
  card(1, { customerName: "Sarah Jones", customerEmail: "sarah@example.com", pointsBalance: 1250, passkitStatus: "created", applePassUrl: APPLE, googlePassUrl: GOOGLE, passUrl: APPLE, lastUsedAt: "2026-11-20T15:00:00.000Z" }),
  card(2, { customerName: "John Smith", customerEmail: "john@CAFE.co.uk" }),
  card(3, { customerName: "Ann Lee", customerEmail: "ann@example.com", passkitStatus: "failed" }),
];

/** The hub as the page starts it (issue 23): the server's first page of `cards` and the counters over all of them. */
function renderHub(cards: LoyaltyCardDto[]) {
  const start = { cards: cards.slice(0, CARDS_PAGE_SIZE), next: cards.length > CARDS_PAGE_SIZE ? "1762000000000-6" : null, counts: countCardTypes(cards) };
  return render(
    <QueryClientProvider client={makeQueryClient()}>
      <CardHubPage start={start} />
    </QueryClientProvider>,
  );
}

const tiles = () => screen.queryAllByRole("article");

beforeEach(() => window.sessionStorage.clear());

describe("CardHubPage", () => {
  it("shows the server's first page and the counters at once, without asking for them (issue 23)", async () => {
    const fetchMock = installFakeFetch();
    renderHub(CARDS);
    expect(tiles()).toHaveLength(3);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByTestId("counter-total-cards")).toHaveTextContent("3");
    expect(screen.getByTestId("counter-digital-max")).toHaveTextContent("1");
    expect(screen.getByTestId("counter-digital-core")).toHaveTextContent("2");

    const sarah = screen.getByRole("article", { name: "Loyalty card of Sarah Jones" });
    expect(within(sarah).getByText("Digital Max")).toBeInTheDocument();
    expect(within(sarah).getByText(formatMembershipNumber(CARDS[0].membershipNumber))).toBeInTheDocument();
    expectTexts(["sarah@example.com", "1,250", "20/11/2026", "Apple Wallet: available", "Google Wallet: available", "QR code: available"], within(sarah));

    const john = screen.getByRole("article", { name: "Loyalty card of John Smith" });
    expectTexts(["Digital Core", "Never used", "Apple Wallet: not available", "Google Wallet: not available"], within(john));
    expect(within(screen.getByRole("article", { name: "Loyalty card of Ann Lee" })).getByText(/wallet pass failed/)).toBeInTheDocument();
  });

  it("searches on the server after a pause in typing, and says when nothing matches (issue 23)", async () => {
    const fetch = routeFetch([
      ["GET", "/api/loyalty-cards?limit=60&q=SARAH&total=1", { status: 200, body: [CARDS[0]], headers: { "x-total-count": "1", "x-total-kind": "exact" } }],
      ["GET", "/api/loyalty-cards?limit=60&q=cafe.co&total=1", { status: 200, body: [CARDS[1]], headers: { "x-total-count": "250", "x-total-kind": "at-least", "x-next-cursor": "1762000000000-2" } }],
      ["GET", "/api/loyalty-cards?limit=60&q=nobody%20here&total=1", { status: 200, body: [] }],
    ]);
    renderHub(CARDS);
    const search = screen.getByRole("searchbox", { name: /search cards/i });

    await userEvent.type(search, "SARAH");
    await waitFor(() => expect(tiles().map((t) => t.getAttribute("aria-label"))).toEqual(["Loyalty card of Sarah Jones"]), { timeout: 10_000 });
    expect(fetch.mock.calls.filter(([url]) => String(url).includes("q="))).toHaveLength(1);
    await userEvent.clear(search);
    await userEvent.type(search, "cafe.co");
    await waitFor(() => expect(tiles().map((t) => t.getAttribute("aria-label"))).toEqual(["Loyalty card of John Smith"]), { timeout: 10_000 });
    // A count that stopped at its cap: at least this many more.
    expect(screen.getByRole("button", { name: "Show more (249+ more)" })).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, "nobody here");
    expect(await screen.findByText("No cards match your search", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(tiles()).toHaveLength(0);
    // the counters still describe every card
    expect(screen.getByTestId("counter-total-cards")).toHaveTextContent("3");
    await userEvent.clear(search);
    await waitFor(() => expect(tiles()).toHaveLength(3), { timeout: 10_000 });
  }, 90_000); // typing and four searches: over jest's 30 s at load 30

  // Issue 20: a closed customer's card showed no status.
  it("shows a closed, snoozed or sleeping customer's status on their card, and nothing for active ones", async () => {
    renderHub([
      card(1, { customerName: "Cleo Closed", customerAccountStatus: "closed" }),
      card(2, { customerName: "Sid Sleeper", customerSleepStatus: "asleep" }),
      card(3, { customerName: "Ava Active" }),
    ]);
    expect(tiles()).toHaveLength(3);
    expect(within(screen.getByRole("article", { name: "Loyalty card of Cleo Closed" })).getByText("closed")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Loyalty card of Sid Sleeper" })).getByText("asleep")).toBeInTheDocument();
    const ava = screen.getByRole("article", { name: "Loyalty card of Ava Active" });
    expect(within(ava).queryByText("active")).not.toBeInTheDocument();
  });

  it("says 'No loyalty cards found' when the business has no cards", async () => {
    installFakeFetch({ status: 200, body: [] });
    renderHub([]);
    expect(await screen.findByText("No loyalty cards found")).toBeInTheDocument();
    expect(screen.getByTestId("counter-total-cards")).toHaveTextContent("0");
    await userEvent.type(screen.getByRole("searchbox", { name: /search cards/i }), "x");
    expect(screen.getByText("No loyalty cards found")).toBeInTheDocument();
  });

  it("shows the server's message when a search cannot be read", async () => {
    installFakeFetch({ status: 500, body: { message: "Something went wrong on our side. Please try again." } });
    renderHub(CARDS);
    await userEvent.type(screen.getByRole("searchbox", { name: /search cards/i }), "sarah");
    expect(await screen.findByText("Something went wrong on our side. Please try again.", {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it("'view passes' opens the card's detail dialog with its pass viewer", async () => {
    renderHub(CARDS);
    await userEvent.click(within(screen.getByRole("article", { name: "Loyalty card of Sarah Jones" })).getByRole("button", { name: "view passes" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "Sarah Jones" })).toBeInTheDocument();
    expect(within(dialog).getByText("sarah@example.com")).toBeInTheDocument();
    // Issue 20: one format for the card's number (the stored "LC-..." card number is not shown).
    expect(within(dialog).getByText(formatMembershipNumber(CARDS[0].membershipNumber))).toBeInTheDocument();
    expect(within(dialog).queryByText(CARDS[0].cardNumber)).not.toBeInTheDocument();
    expect(within(dialog).getByText("20/11/2026")).toBeInTheDocument();
    expect(within(dialog).getByText("1,250")).toBeInTheDocument();
    expect(within(dialog).getByText("Digital Max")).toBeInTheDocument();
    expect(within(dialog).getByTestId("card-status-note")).toHaveTextContent(/Apple Wallet or Google Wallet/);
    expect(within(dialog).getAllByTestId("pass-viewer-dot")).toHaveLength(3);
    expect(within(dialog).getByText(`Card: ${formatMembershipNumber(CARDS[0].membershipNumber)}`)).toBeInTheDocument();

    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await userEvent.click(within(screen.getByRole("article", { name: "Loyalty card of John Smith" })).getByRole("button", { name: "view passes" }));
    const johnDialog = await screen.findByRole("dialog");
    expect(within(johnDialog).getByText("Never used")).toBeInTheDocument();
    expect(within(johnDialog).queryAllByTestId("pass-viewer-dot")).toHaveLength(0);
    expect(within(johnDialog).getByTestId("card-status-note")).toHaveTextContent(/Digital Core/);
  });

  it("keeps the explainers' open state for the browser session", async () => {
    installFakeFetch({ status: 200, body: [] });
    const first = renderHub([]);
    const trigger = screen.getByRole("button", { name: /card types/i });
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute("aria-expanded", "true");
    expect(window.sessionStorage.getItem(EXPLAINER_KEYS.cardTypes)).toBe("1");
    expect(screen.getByText(/cards also live in Apple Wallet or Google Wallet/)).toBeInTheDocument();
    first.unmount();

    installFakeFetch({ status: 200, body: [] });
    renderHub([]);
    expect(screen.getByRole("button", { name: /card types/i })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("button", { name: /how digital loyalty cards work/i })).toHaveAttribute("aria-expanded", "false");
  });

  it("shows a page of cards at a time, reading the next from the server", async () => {
    const many = Array.from({ length: CARDS_PAGE_SIZE + 5 }, (_, i) => card(i + 1));
    const fetch = routeFetch([["GET", `/api/loyalty-cards?limit=${CARDS_PAGE_SIZE}&cursor=1762000000000-6`, { status: 200, body: many.slice(CARDS_PAGE_SIZE) }]]);
    renderHub(many);
    expect(tiles()).toHaveLength(CARDS_PAGE_SIZE);
    expect(screen.getByTestId("counter-total-cards")).toHaveTextContent(String(CARDS_PAGE_SIZE + 5));
    await userEvent.click(screen.getByRole("button", { name: "Show more (5 more)" }));
    await waitFor(() => expect(tiles()).toHaveLength(CARDS_PAGE_SIZE + 5), { timeout: 10_000 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button", { name: /show more/i })).not.toBeInTheDocument();
  }, 90_000);
});
