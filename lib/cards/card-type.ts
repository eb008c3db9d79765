// Card type from the card's passkitStatus (spec 1 section 4 "Card type"): created gives Digital Max
// (QR plus wallets), fallback gives Digital Core (QR plus membership number). A card whose wallet
// pass failed still works by QR and number, so it counts as Digital Core with a warning; a card
// still being set up is "Setting up". Pure: used by the card hub and its tests.

export type CardType = "max" | "core" | "pending";

export type CardTypeInfo = { type: CardType; label: string; passFailed: boolean; note: string };

export function cardTypeOf(passkitStatus: string | null | undefined): CardTypeInfo {
  switch (passkitStatus) {
    case "created":
      return {
        type: "max",
        label: "Digital Max",
        passFailed: false,
        note: "Digital Max: the customer can keep this card in Apple Wallet or Google Wallet, and scan its QR code or quote the membership number in store.",
      };
    case "fallback":
      return {
        type: "core",
        label: "Digital Core",
        passFailed: false,
        note: "Digital Core: the customer scans the QR code or quotes the membership number in store. Wallet passes are not set up for this business.",
      };
    case "failed":
      return {
        type: "core",
        label: "Digital Core",
        passFailed: true,
        note: "The wallet pass could not be created, so this card works as Digital Core: the QR code and membership number work as normal.",
      };
    default:
      return {
        type: "pending",
        label: "Setting up",
        passFailed: false,
        note: "The wallet pass is still being set up. The QR code and membership number already work.",
      };
  }
}

export type CardCounts = { total: number; max: number; core: number };

/** The hub's three counters: total cards, Digital Max, Digital Core. */
export function countCardTypes(cards: ReadonlyArray<{ passkitStatus: string }>): CardCounts {
  return countCardTypesByStatus(cards.map((c) => ({ passkitStatus: c.passkitStatus, count: 1 })));
}

/** The same counters from the number of cards of each passkitStatus (the server's first screen). */
export function countCardTypesByStatus(groups: ReadonlyArray<{ passkitStatus: string; count: number }>): CardCounts {
  const counts: CardCounts = { total: 0, max: 0, core: 0 };
  for (const { passkitStatus, count } of groups) {
    counts.total += count;
    const { type } = cardTypeOf(passkitStatus);
    if (type === "max") counts.max += count;
    else if (type === "core") counts.core += count;
  }
  return counts;
}

/** Cards whose customer's name or email contains the search text, ignoring case and outer spaces. */
export function filterCards<T extends { customerName: string; customerEmail: string }>(cards: readonly T[], search: string): T[] {
  const needle = search.trim().toLocaleLowerCase("en-GB");
  if (!needle) return [...cards];
  return cards.filter(
    (c) => c.customerName.toLocaleLowerCase("en-GB").includes(needle) || c.customerEmail.toLocaleLowerCase("en-GB").includes(needle),
  );
}
