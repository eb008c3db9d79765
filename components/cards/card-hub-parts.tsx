import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCompact } from "@/lib/rules/format";
import type { CardCounts } from "@/lib/cards/card-type";
import type { LoyaltyCardDto } from "@/lib/cards/loyalty-card-dto";

// Pieces of the card hub (spec 1 "Card hub") drawn the same by the live hub (card-hub-page.tsx) and
// by the first screen the server renders (card-hub-screen.tsx). Not a client module. Controls carry
// data-takeover-key (components/ui/takeover.tsx).

/** A business may have thousands of cards: the grid shows them a page at a time ("Show more"). */
export const CARDS_PAGE_SIZE = 60;

/** The newest cards (the first page of GET /api/loyalty-cards?limit=, `next` its X-Next-Cursor) and
 *  the counters over every card, read by the page on the server (issue 23). */
export type CardHubStart = { cards: LoyaltyCardDto[]; next: string | null; counts: CardCounts };

export const CARD_EXPLAINER_TITLES = { digitalLoyalty: "How digital loyalty cards work", cardTypes: "Card types: Digital Max and Digital Core" } as const;

export const CARD_SEARCH = { "aria-label": "Search cards by name or email", placeholder: "Search by name or email", "data-takeover-key": "search" } as const;

/** `atLeast`: a search's count stopped at its cap, so there are at least this many more. */
export const showMoreText = (more: number, atLeast = false) => `Show more (${formatCompact(more)}${atLeast ? "+" : ""} more)`;

export function CardHubFrame({ explainers, counters, search, list, children }: Record<"explainers" | "counters" | "search" | "list", ReactNode> & { children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Loyalty cards</h1>
        <p className="text-sm text-muted-foreground">Every customer&apos;s digital card, its QR code and wallet passes.</p>
      </div>
      {explainers}
      {counters}
      {search}
      {list}
      {children}
    </div>
  );
}

/** Total cards, Digital Max, Digital Core (a skeleton in each while they load). */
export function CardCounters({ counts }: { counts: CardCounts | null }) {
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-4">
      <Counter label="Total cards" value={counts?.total} />
      <Counter label="Digital Max" value={counts?.max} />
      <Counter label="Digital Core" value={counts?.core} />
    </div>
  );
}

function Counter({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="min-w-0 rounded-xl border bg-card p-3 sm:p-4">
      <p className="truncate text-xs text-muted-foreground sm:text-sm">{label}</p>
      {value === undefined ? (
        <Skeleton className="mt-1 h-7 w-12" />
      ) : (
        <p className="text-xl font-bold sm:text-2xl" data-testid={`counter-${label.toLowerCase().replace(/\s+/g, "-")}`}>
          {formatCompact(value)}
        </p>
      )}
    </div>
  );
}

export function CardsEmptyState({ text }: { text: string }) {
  return <p className="rounded-xl border border-dashed bg-card p-8 text-center text-sm text-muted-foreground">{text}</p>;
}

/** The centred "Show more" under the grid. */
export function ShowMoreCards({ more, atLeast, onClick, loading }: { more: number; atLeast?: boolean; onClick?: () => void; loading?: boolean }) {
  return (
    <div className="flex justify-center">
      <Button type="button" variant="outline" onClick={onClick} disabled={loading} data-takeover-key="show-more">
        {loading ? "Loading..." : showMoreText(more, atLeast)}
      </Button>
    </div>
  );
}
