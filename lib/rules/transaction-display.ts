// Spec 2 section 2.1: how the transaction hub shows a transaction (type labels, the signed points,
// the promo column). Pure: everything here is a function of its arguments.

import { formatGBP } from "@/lib/rules/format";

const TYPE_LABELS: Record<string, string> = {
  purchase: "purchase",
  points_redemption: "points redemption",
  bonus_points: "bonus points",
  points_adjustment: "points adjustment",
  manual_adjustment: "points adjustment",
  gift_points: "gift points",
  goodwill_points: "goodwill points",
};

/** "points_redemption" -> "points redemption"; unknown types read with spaces for underscores. */
export function transactionTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type.replace(/_/g, " ");
}

export type PointsPart = { text: string; tone: "earned" | "redeemed" | "none" };

/** The points column: "+N" (earned, green), "-N" (redeemed, red), both when a corrected
 *  transaction has both, or "0". */
export function pointsParts(t: { pointsEarned: number; pointsRedeemed: number }): PointsPart[] {
  const parts: PointsPart[] = [];
  if (t.pointsEarned > 0) parts.push({ text: `+${t.pointsEarned}`, tone: "earned" });
  if (t.pointsRedeemed > 0) parts.push({ text: `-${t.pointsRedeemed}`, tone: "redeemed" });
  return parts.length ? parts : [{ text: "0", tone: "none" }];
}

export type PromoVoucher = { promoCode: string; status: string; expiresAt: string | null; customerId?: number };
export type PromoTransaction = { type: string; promoCode: string | null; discountAmount: string | null; customerId?: number };

/** What the promo column shows:
 *  - none: no promo code ("-")
 *  - redeemed: a purchase with a discount above 0
 *  - expired / live (the code) / deleted: the code looked up in the vouchers list
 *  - unknown: the vouchers list could not be loaded, so the code is shown without a status. */
export type PromoCell =
  | { kind: "none" }
  | { kind: "redeemed"; code: string }
  | { kind: "expired"; code: string }
  | { kind: "live"; code: string }
  | { kind: "deleted"; code: string }
  | { kind: "unknown"; code: string };

const GONE = new Set(["deleted", "cancelled"]);

export function promoCell(t: PromoTransaction, vouchers: readonly PromoVoucher[] | undefined, now: Date = new Date()): PromoCell {
  const code = t.promoCode?.trim();
  if (!code) return { kind: "none" };
  if (t.type === "purchase" && Number(t.discountAmount ?? 0) > 0) return { kind: "redeemed", code };
  if (!vouchers) return { kind: "unknown", code };
  const wanted = code.toUpperCase();
  const sameCode = vouchers.filter((v) => v.promoCode.toUpperCase() === wanted);
  // Vouchers are issued per customer with a shared code: the transaction's own customer's voucher
  // is the one that counts, any voucher with the code otherwise.
  const own = t.customerId === undefined ? [] : sameCode.filter((v) => v.customerId === t.customerId);
  const candidates = own.length ? own : sameCode;
  const existing = candidates.filter((v) => !GONE.has(v.status));
  if (existing.length === 0) return { kind: "deleted", code };
  const live = existing.find((v) => !isExpired(v, now));
  return live ? { kind: "live", code } : { kind: "expired", code };
}

function isExpired(v: PromoVoucher, now: Date): boolean {
  if (v.status === "expired") return true;
  if (v.expiresAt === null) return false;
  const at = Date.parse(v.expiresAt);
  return !Number.isNaN(at) && at <= now.getTime();
}

/** "12.5" -> "£12.50"; anything unparseable reads as £0.00. */
export function formatAmount(amount: string | number | null | undefined): string {
  const n = Number(amount ?? 0);
  return formatGBP(Number.isFinite(n) ? Math.round(n * 100) : 0);
}
