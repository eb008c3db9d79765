import { SearchInput } from "@/components/ui/search-input";
import { StaticExplainer } from "@/components/ui/explainer-static";
import { CARD_GRID_CLASS } from "@/components/cards/card-grid-skeleton";
import { LoyaltyCardTile } from "@/components/cards/loyalty-card-tile";
import { CARD_EXPLAINER_TITLES as TITLES, CARD_SEARCH, CARDS_PAGE_SIZE, CardCounters, CardHubFrame, CardsEmptyState, ShowMoreCards, type CardHubStart } from "@/components/cards/card-hub-parts";

// The card hub's first screen, rendered on the server with the business's newest cards and the
// counters over all of them (issue 23): what the live hub (card-hub-page.tsx) draws, from the same
// parts, without its code. CardHubIsland swaps in the live hub, which reads every card for the
// search and keeps these on screen meanwhile.

export function CardHubScreen({ start }: { start: CardHubStart }) {
  const shown = start.cards.slice(0, CARDS_PAGE_SIZE);
  return (
    <CardHubFrame
      explainers={
        <div className="grid gap-3 lg:grid-cols-2">
          <StaticExplainer title={TITLES.digitalLoyalty} />
          <StaticExplainer title={TITLES.cardTypes} />
        </div>
      }
      counters={<CardCounters counts={start.counts} />}
      search={<SearchInput {...CARD_SEARCH} />}
      list={
        start.counts.total === 0 ? (
          <CardsEmptyState text="No loyalty cards found" />
        ) : (
          <div className="space-y-4">
            <div className={CARD_GRID_CLASS}>
              {shown.map((card) => (
                <LoyaltyCardTile key={card.id} card={card} />
              ))}
            </div>
            {start.counts.total > shown.length && <ShowMoreCards more={start.counts.total - shown.length} />}
          </div>
        )
      }
    />
  );
}
