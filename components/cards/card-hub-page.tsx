"use client";

import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { QueryError } from "@/components/ui/query-error";
import { ShowMoreButton, useSearchedPages } from "@/components/ui/show-more";
import { SearchInput } from "@/components/ui/search-input";
import { Skeleton } from "@/components/ui/skeleton";
import { CardHubExplainers } from "@/components/cards/card-hub-explainers";
import { CARD_GRID_CLASS, CardGridSkeleton } from "@/components/cards/card-grid-skeleton";
import { LoyaltyCardTile } from "@/components/cards/loyalty-card-tile";
import { preloadable, usePreloaded } from "@/components/ui/use-preloaded";
import { countCardTypes, filterCards } from "@/lib/cards/card-type";
import { queryKeys } from "@/lib/client/query-keys";
import { formatCompact } from "@/lib/rules/format";
import type { LoyaltyCardDto } from "@/lib/cards/loyalty-card-dto";

// The card hub (spec 1 "Card hub"). A business may have thousands of cards: the grid shows them a
// page at a time ("Show more"), while the counters and the search always cover every card.
export const CARDS_PAGE_SIZE = 60;

// The detail dialog (Radix Dialog and the pass viewer) is fetched when the hub mounts, not with the
// page (issue 23): a card's "view passes" is pressed after the cards have loaded.
const cardDialog = preloadable(() => import("@/components/cards/loyalty-card-dialog"));

export function CardHubPage() {
  const cards = useQuery<LoyaltyCardDto[]>({ queryKey: queryKeys.loyaltyCards });
  const { query: search, setQuery: setSearch, shown, showMore } = useSearchedPages(CARDS_PAGE_SIZE);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const dialog = usePreloaded(cardDialog);

  const all = useMemo(() => cards.data ?? [], [cards.data]);
  const counts = useMemo(() => countCardTypes(all), [all]);
  const matches = useMemo(() => filterCards(all, search), [all, search]);
  const selected = selectedId === null ? null : (all.find((c) => c.id === selectedId) ?? null);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Loyalty cards</h1>
        <p className="text-sm text-muted-foreground">Every customer&apos;s digital card, its QR code and wallet passes.</p>
      </div>

      <CardHubExplainers />

      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        <Counter label="Total cards" value={counts.total} loading={cards.isPending} />
        <Counter label="Digital Max" value={counts.max} loading={cards.isPending} />
        <Counter label="Digital Core" value={counts.core} loading={cards.isPending} />
      </div>

      <SearchInput
        aria-label="Search cards by name or email"
        placeholder="Search by name or email"
        value={search}
        onValueChange={setSearch}
      />

      {cards.isPending ? (
        <CardGridSkeleton />
      ) : cards.isError ? (
        <QueryError title="Could not load loyalty cards" error={cards.error} />
      ) : all.length === 0 ? (
        <EmptyState text="No loyalty cards found" />
      ) : matches.length === 0 ? (
        <EmptyState text="No cards match your search" />
      ) : (
        <div className="space-y-4">
          <div className={CARD_GRID_CLASS}>
            {matches.slice(0, shown).map((card) => (
              <LoyaltyCardTile key={card.id} card={card} onViewPasses={(c) => setSelectedId(c.id)} />
            ))}
          </div>
          <ShowMoreButton hidden={matches.length > shown} onClick={showMore}>
            Show more ({formatCompact(matches.length - shown)} more)
          </ShowMoreButton>
        </div>
      )}

      {dialog && <dialog.LoyaltyCardDialog card={selected} onOpenChange={(open) => !open && setSelectedId(null)} />}
    </div>
  );
}

function Counter({ label, value, loading }: { label: string; value: number; loading: boolean }) {
  return (
    <div className="min-w-0 rounded-xl border bg-card p-3 sm:p-4">
      <p className="truncate text-xs text-muted-foreground sm:text-sm">{label}</p>
      {loading ? (
        <Skeleton className="mt-1 h-7 w-12" />
      ) : (
        <p className="text-xl font-bold sm:text-2xl" data-testid={`counter-${label.toLowerCase().replace(/\s+/g, "-")}`}>
          {formatCompact(value)}
        </p>
      )}
    </div>
  );
}

function EmptyState({ text }: { text: string }) {
  return <p className="rounded-xl border border-dashed bg-card p-8 text-center text-sm text-muted-foreground">{text}</p>;
}
