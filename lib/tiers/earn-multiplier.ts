// The tier's earn multiplier applied to the points of a purchase (issue 26). Pure, called from the
// purchase path of lib/transactions/record-transaction.ts; the multiplier is the customer's own
// column (customers."earnMultiplier", kept by lib/tiers), read in the same query as their rates, so
// the till's single statement stays one statement. Rounded down, like pointsForPurchase.

/** Base purchase points times the multiplier (a decimal with up to 3 places, as stored). */
export function multiplyEarned(basePoints: number, multiplier: string | number | null | undefined): number {
  const m = Math.round(Number(multiplier ?? 1) * 1000);
  if (!Number.isFinite(m) || m <= 1000 || basePoints <= 0) return basePoints;
  return Math.floor((basePoints * m) / 1000);
}
