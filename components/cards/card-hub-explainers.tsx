"use client";

import { Explainer } from "@/components/ui/explainer";
import { CARD_EXPLAINER_TITLES as TITLES } from "@/components/cards/card-hub-parts";

export const EXPLAINER_KEYS = {
  digitalLoyalty: "loyalty-cards:explainer:digital-loyalty",
  cardTypes: "loyalty-cards:explainer:card-types",
} as const;

/** The card hub's two collapsible explainers (digital loyalty; card types). */
export function CardHubExplainers() {
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <Explainer storageKey={EXPLAINER_KEYS.digitalLoyalty} title={TITLES.digitalLoyalty}>
        <p>
          Every customer you add gets a digital loyalty card straight away: a QR code and a membership number. There is
          nothing to print and nothing to lose.
        </p>
        <p>
          At the till, scan the customer&apos;s QR code or type their membership number to find them, then record the
          purchase. Points land on the card at once.
        </p>
      </Explainer>
      <Explainer storageKey={EXPLAINER_KEYS.cardTypes} title={TITLES.cardTypes}>
        <p>
          <strong className="text-foreground">Digital Max</strong> cards also live in Apple Wallet or Google Wallet, so
          the card and its points balance are always on the customer&apos;s phone.
        </p>
        <p>
          <strong className="text-foreground">Digital Core</strong> cards are the QR code and membership number on their
          own. They work exactly the same in store.
        </p>
      </Explainer>
    </div>
  );
}
