// Money, in one place (issue 17). Amounts are integer pence everywhere inside the app; pounds exist
// only at the edges (typed into a form, sent as a string, shown on screen). Pure: the server, the
// business dialogs and the staff dialog all import these.

/** The most one transaction may be: £100,000.00 (the same bound on create and edit, every path). */
export const MAX_TRANSACTION_PENCE = 10_000_000;
/** The most points one transaction may move. */
export const MAX_TRANSACTION_POINTS = 1_000_000;
/** Balances and lifetime spend are PostgreSQL int4: the ledger refuses a change that would pass this. */
export const MAX_STORED_INT = 2_147_483_647;

export const AMOUNT_MESSAGE = "Amount must be a positive number with at most 2 decimal places";
export const AMOUNT_MAX_MESSAGE = "Amount must be at most £100,000.00";

/** "12.50" / "12.5" / 12.5 -> 1250 pence; null unless a non-negative amount with at most 2 decimals
 *  (and at most 7 whole digits, so nothing near the int4 limit gets this far). */
export function parsePounds(value: string | number): number | null {
  const s = typeof value === "number" ? String(value) : value.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ""] = s.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** 1250 -> "12.50". */
export const poundsString = (pence: number) => (pence / 100).toFixed(2);

/** Spec 2 section 5.1: "Redemption amount sent = points times value per 100 points divided by 100,
 *  two decimals". Two decimals is rounding to the nearest penny, halves up (toFixed's reading), so
 *  3 points at £1.255 per 100 points are £0.03765 -> £0.04. Integer arithmetic in thousandths of a
 *  penny, so no float error can move a half. */
export function redemptionValuePence(points: number, redemptionValuePounds: number): number {
  const valueMilliPounds = Math.round(redemptionValuePounds * 1000); // rates have 3 decimals
  return Math.floor((points * valueMilliPounds + 500) / 1000);
}
