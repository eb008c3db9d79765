import { formatGBP } from "@/lib/rules/format";
import { parsePounds } from "@/lib/rules/money";

// How the customer portal words things (spec 3 section 2). Pure, shared by the screens.

/** Transaction types shown: purchase, points_redemption, otherwise 'Bonus Points'. */
export function portalTransactionLabel(type: string): string {
  if (type === "purchase") return "Purchase";
  if (type === "points_redemption") return "Points Redemption";
  return "Bonus Points";
}

/** The spec's line word for word: "Earn 1 point per £1 spent" (also "Earn 1.5 point per £1 spent"). */
export function earnLine(pointsPerPound: number): string {
  return `Earn ${Number(pointsPerPound.toFixed(3))} point per £1 spent`;
}

/** "12.50" -> "£12.50". */
export function pounds(amount: string | null | undefined): string {
  const pence = amount ? parsePounds(amount) : 0;
  return formatGBP(pence ?? 0);
}

/** "20% off" or "£5.00 off". */
export function voucherDiscount(v: { discountPercent: number | null; discountAmount: string | null }): string {
  if (v.discountPercent !== null) return `${Number(v.discountPercent.toFixed(2))}% off`;
  return `${pounds(v.discountAmount)} off`;
}

/** "+12", "-100", or "0". */
export function signedPoints(t: { pointsEarned: number; pointsRedeemed: number }): string {
  const n = t.pointsEarned - t.pointsRedeemed;
  return n > 0 ? `+${n}` : String(n);
}
