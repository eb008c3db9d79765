"use client";

import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { QueryError } from "@/components/ui/query-error";
import { useSearchedPages } from "@/components/ui/show-more";
import { SearchInput } from "@/components/ui/search-input";
import { CardHubExplainers } from "@/components/cards/card-hub-explainers";
import { CARD_GRID_CLASS, CardGridSkeleton } from "@/components/cards/card-grid-skeleton";
import { LoyaltyCardTile } from "@/components/cards/loyalty-card-tile";
import { CARD_SEARCH, CARDS_PAGE_SIZE, CardCounters, CardHubFrame, CardsEmptyState, ShowMoreCards, type CardHubStart } from "@/components/cards/card-hub-parts";
import { preloadable, usePreloaded } from "@/components/ui/use-preloaded";
import { countCardTypes, filterCards } from "@/lib/cards/card-type";
import { queryKeys } from "@/lib/client/query-keys";
import type { LoyaltyCardDto } from "@/lib/cards/loyalty-card-dto";

// The card hub (spec 1 "Card hub"). A business may have thousands of cards: the grid shows them a
// page at a time ("Show more"), while the counters and the search always cover every card.
// Issue 23: the page renders the first screen on the server (card-hub-screen.tsx) with the newest
// cards and the counters (`start`); this hub takes over after load and shows them until it has
// read every card.
export { CARDS_PAGE_SIZE };

// The detail dialog (Radix Dialog and the pass viewer) is fetched when the hub mounts, not with the
// page (issue 23): a card's "view passes" is pressed after the cards have loaded.
const cardDialog = preloadable(() => import("@/components/cards/loyalty-card-dialog"));

export function CardHubPage({ start }: { start?: CardHubStart }) {
  const cards = useQuery<LoyaltyCardDto[]>({ queryKey: queryKeys.loyaltyCards });
  const { query: search, setQuery: setSearch, shown, showMore } = useSearchedPages(CARDS_PAGE_SIZE);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const dialog = usePreloaded(cardDialog);

  const all = useMemo(() => cards.data ?? [], [cards.data]);
  const counts = useMemo(() => countCardTypes(all), [all]);
  const matches = useMemo(() => filterCards(all, search), [all, search]);
  // Until every card is read, the server's newest cards stay on screen (a search waits for all).
  const early = cards.isPending && start && !search.trim() ? start : null;
  const selected = selectedId === null ? null : (all.find((c) => c.id === selectedId) ?? early?.cards.find((c) => c.id === selectedId) ?? null);
  const viewPasses = (c: LoyaltyCardDto) => setSelectedId(c.id);

  return (
    <CardHubFrame
      explainers={<CardHubExplainers />}
      counters={<CardCounters counts={early ? early.counts : cards.isPending ? null : counts} />}
      search={<SearchInput {...CARD_SEARCH} value={search} onValueChange={setSearch} />}
      list={
        early ? (
          <CardGrid cards={early.cards.slice(0, shown)} more={early.counts.total - Math.min(shown, early.cards.length)} onViewPasses={viewPasses} onShowMore={showMore} />
        ) : cards.isPending ? (
          <CardGridSkeleton />
        ) : cards.isError ? (
          <QueryError title="Could not load loyalty cards" error={cards.error} />
        ) : all.length === 0 ? (
          <CardsEmptyState text="No loyalty cards found" />
        ) : matches.length === 0 ? (
          <CardsEmptyState text="No cards match your search" />
        ) : (
          <CardGrid cards={matches.slice(0, shown)} more={matches.length - Math.min(shown, matches.length)} onViewPasses={viewPasses} onShowMore={showMore} />
        )
      }
    >
      {dialog && <dialog.LoyaltyCardDialog card={selected} onOpenChange={(open) => !open && setSelectedId(null)} />}
    </CardHubFrame>
  );
}

function CardGrid({ cards, more, onViewPasses, onShowMore }: { cards: LoyaltyCardDto[]; more: number; onViewPasses: (card: LoyaltyCardDto) => void; onShowMore: () => void }) {
  return (
    <div className="space-y-4">
      <div className={CARD_GRID_CLASS}>
        {cards.map((card) => (
          <LoyaltyCardTile key={card.id} card={card} onViewPasses={onViewPasses} />
        ))}
      </div>
      {more > 0 && <ShowMoreCards more={more} onClick={onShowMore} />}
    </div>
  );
}
