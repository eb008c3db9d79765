"use client";

import { useMemo, useState } from "react";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { QueryError } from "@/components/ui/query-error";
import { SearchInput } from "@/components/ui/search-input";
import { CardHubExplainers } from "@/components/cards/card-hub-explainers";
import { CARD_GRID_CLASS, CardGridSkeleton } from "@/components/cards/card-grid-skeleton";
import { LoyaltyCardTile } from "@/components/cards/loyalty-card-tile";
import { CARD_SEARCH, CARDS_PAGE_SIZE, CardCounters, CardHubFrame, CardsEmptyState, ShowMoreCards, type CardHubStart } from "@/components/cards/card-hub-parts";
import { preloadable, usePreloaded } from "@/components/ui/use-preloaded";
import { useDebounced } from "@/hooks/use-debounced";
import { apiRequest } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { LoyaltyCardDto } from "@/lib/cards/loyalty-card-dto";

// The card hub (spec 1 "Card hub"). Issue 23: a business may have 100,000 cards, so the server
// searches (name or email) and pages them (GET /api/loyalty-cards?q=&cursor=&limit=); "Show more"
// reads the next page. The page renders the first screen on the server (card-hub-screen.tsx) with
// the newest cards, the next page's cursor and the counters over every card (`start`): this hub
// takes over from them without asking again.
export { CARDS_PAGE_SIZE };

/** The box's text goes to the server after this pause in typing (the customer hub's). */
const SEARCH_PAUSE_MS = 150;

// The detail dialog (Radix Dialog and the pass viewer) is fetched when the hub mounts, not with the
// page (issue 23): a card's "view passes" is pressed after the cards have loaded.
const cardDialog = preloadable(() => import("@/components/cards/loyalty-card-dialog"));

type CardPage = { cards: LoyaltyCardDto[]; next: string | null; matches: { count: number; atLeast: boolean } | null };

export const cardPageUrl = (q: string, cursor: string | null) =>
  `${queryKeys.loyaltyCards[0]}?limit=${CARDS_PAGE_SIZE}${q ? `&q=${encodeURIComponent(q)}` : ""}${cursor ? `&cursor=${cursor}` : q ? "&total=1" : ""}`;

async function fetchCardPage(q: string, cursor: string | null): Promise<CardPage> {
  const res = await apiRequest("GET", cardPageUrl(q, cursor));
  const count = res.headers.get("x-total-count");
  return {
    cards: (await res.json()) as LoyaltyCardDto[],
    next: res.headers.get("x-next-cursor") || null,
    matches: count === null ? null : { count: Number(count), atLeast: res.headers.get("x-total-kind") === "at-least" },
  };
}

export function CardHubPage({ start }: { start: CardHubStart }) {
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  const cards = useInfiniteQuery({
    queryKey: [...queryKeys.loyaltyCards, "pages", q],
    queryFn: ({ pageParam }) => fetchCardPage(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CardPage) => last.next,
    // The unsearched list's first page is the server's (no request for it).
    initialData: q ? undefined : { pages: [{ cards: start.cards, next: start.next, matches: null }], pageParams: [null] },
    placeholderData: keepPreviousData,
  });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const dialog = usePreloaded(cardDialog);

  const shown = useMemo(() => cards.data?.pages.flatMap((p) => p.cards) ?? [], [cards.data]);
  const first = cards.data?.pages[0];
  // How many cards the list holds: every card unsearched (the counters' total), else the search's count.
  const matches = first?.matches ?? { count: start.counts.total, atLeast: false };
  const selected = selectedId === null ? null : (shown.find((c) => c.id === selectedId) ?? null);
  const viewPasses = (c: LoyaltyCardDto) => setSelectedId(c.id);

  return (
    <CardHubFrame
      explainers={<CardHubExplainers />}
      counters={<CardCounters counts={start.counts} />}
      search={<SearchInput {...CARD_SEARCH} value={search} onValueChange={setSearch} />}
      list={
        start.counts.total === 0 ? (
          <CardsEmptyState text="No loyalty cards found" />
        ) : cards.isPending ? (
          <CardGridSkeleton />
        ) : cards.isError && shown.length === 0 ? (
          <QueryError title="Could not load loyalty cards" error={cards.error} />
        ) : shown.length === 0 ? (
          <CardsEmptyState text="No cards match your search" />
        ) : (
          <div className="space-y-4" aria-busy={cards.isPlaceholderData || cards.isFetchingNextPage}>
            <div className={CARD_GRID_CLASS}>
              {shown.map((card) => (
                <LoyaltyCardTile key={card.id} card={card} onViewPasses={viewPasses} />
              ))}
            </div>
            {cards.hasNextPage && !cards.isPlaceholderData && (
              <ShowMoreCards more={Math.max(matches.count - shown.length, 1)} atLeast={matches.atLeast} loading={cards.isFetchingNextPage} onClick={() => void cards.fetchNextPage()} />
            )}
          </div>
        )
      }
    >
      {dialog && <dialog.LoyaltyCardDialog card={selected} onOpenChange={(open) => !open && setSelectedId(null)} />}
    </CardHubFrame>
  );
}
