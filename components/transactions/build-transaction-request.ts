import type { CustomerDto } from "@/lib/customers/customer-dto";
import { allowedTypesFor, normaliseTransactionType, type TransactionType } from "@/lib/rules/points";
import { parsePounds, poundsString, redemptionValuePence } from "@/lib/rules/money";

// Spec 2 sections 4.1 and 5.1, checked in the browser before the request is sent, with the spec's
// messages (the server checks the same rules again). Returns the request body of
// POST /api/transactions or the problem to show.

export const SELECT_CUSTOMER = "please select a customer";
export const REQUIRED_FIELDS = "required fields missing for transaction type";
export const INSUFFICIENT_POINTS = "insufficient points - wait for customer to earn or add bonus points to proceed";
export const minimumRedemptionMessage = (minimum: number, points: number) =>
  `minimum redemption is ${minimum} points. customer is trying to redeem ${points} points.`;
export const CLOSED_ACCOUNT = "Closed accounts are read-only: no transactions can be recorded.";
export const PURCHASES_ONLY = "This customer's account is asleep or snoozed: only purchases can be recorded, and a purchase wakes the account.";
export const SELF_GIFT = "A customer cannot gift points to themselves";

/** The add request names the adjustment manual_adjustment (spec 2 section 3). */
export type FormTransactionType = "purchase" | "points_redemption" | "bonus_points" | "manual_adjustment" | "gift_points" | "goodwill_points";

export const FORM_TYPES: readonly { value: FormTransactionType; label: string }[] = [
  { value: "purchase", label: "purchase" },
  { value: "points_redemption", label: "points redemption" },
  { value: "bonus_points", label: "bonus points" },
  { value: "manual_adjustment", label: "points adjustment" },
  { value: "gift_points", label: "gift points" },
  { value: "goodwill_points", label: "goodwill points" },
];

export type TransactionDraft = {
  type: FormTransactionType;
  amount: string;
  description: string;
  pointsToRedeem: string;
  promoCode: string;
  pointsAdjustment: string;
  recipientCustomerId: number | null;
  giftPoints: string;
};

export const EMPTY_DRAFT: TransactionDraft = {
  type: "purchase",
  amount: "",
  description: "",
  pointsToRedeem: "",
  promoCode: "",
  pointsAdjustment: "",
  recipientCustomerId: null,
  giftPoints: "",
};

export type TransactionRequest = {
  customerId: number;
  type: FormTransactionType;
  amount?: string;
  description?: string;
  pointsToRedeem?: number;
  promoCode?: string;
  pointsAdjustment?: number;
  recipientCustomerId?: number;
  giftPoints?: number;
};

export type Problem = { title: string; message: string };
export type BuildResult = { ok: true; body: TransactionRequest } | { ok: false; problem: Problem };

type Customer = Pick<CustomerDto, "id" | "totalPoints" | "redemptionValue" | "minimumRedemption" | "accountStatus" | "sleepStatus">;

/** The toast title for a transaction failure message (spec 2 section 8). */
export function problemTitle(message: string): string {
  if (message.startsWith("insufficient points")) return "insufficient points";
  if (message.startsWith("minimum redemption is")) return "minimum redemption not met";
  return "error";
}

const fail = (message: string): BuildResult => ({ ok: false, problem: { title: problemTitle(message), message } });

/** A whole number as typed ("12", "-3"); null for blank, undefined for anything else. */
function wholeNumber(value: string): number | null | undefined {
  const s = value.trim();
  if (s === "") return null;
  return /^-?\d{1,9}$/.test(s) ? Number(s) : undefined;
}

/** The points a redemption is worth, in pence: points x value per 100 points / 100. */
export const redemptionPence = (points: number, customer: Pick<CustomerDto, "redemptionValue">) =>
  redemptionValuePence(points, Number(customer.redemptionValue));

export function buildTransactionRequest(customer: Customer | null, draft: TransactionDraft): BuildResult {
  if (!customer) return fail(SELECT_CUSTOMER);
  const allowed = allowedTypesFor(customer);
  if (allowed.length === 0) return fail(CLOSED_ACCOUNT);
  if (!allowed.includes(normaliseTransactionType(draft.type) as TransactionType)) return fail(PURCHASES_ONLY);

  const description = draft.description.trim();
  const base = { customerId: customer.id, type: draft.type, ...(description ? { description } : {}) };

  switch (draft.type) {
    case "purchase": {
      if (draft.amount.trim() === "") return fail(REQUIRED_FIELDS);
      const pence = parsePounds(draft.amount);
      if (pence === null || pence <= 0) return fail("Amount must be a positive number with at most 2 decimal places");
      const promoCode = draft.promoCode.trim().toUpperCase();
      return { ok: true, body: { ...base, amount: poundsString(pence), ...(promoCode ? { promoCode } : {}) } };
    }
    case "points_redemption": {
      const points = wholeNumber(draft.pointsToRedeem);
      if (points === null || points === 0) return fail(REQUIRED_FIELDS);
      if (points === undefined) return fail("Points to redeem must be a whole number");
      if (points < 0 || points > customer.totalPoints) return fail(INSUFFICIENT_POINTS);
      if (points < customer.minimumRedemption) return fail(minimumRedemptionMessage(customer.minimumRedemption, points));
      return { ok: true, body: { ...base, pointsToRedeem: points, amount: poundsString(redemptionPence(points, customer)) } };
    }
    case "bonus_points":
    case "goodwill_points": {
      const points = wholeNumber(draft.amount);
      if (points === null) return fail(REQUIRED_FIELDS);
      if (points === undefined) return fail(/^\d*\.\d+$/.test(draft.amount.trim()) ? "Points must be a whole number" : "Amount must be a positive number");
      if (points <= 0) return fail("Amount must be a positive number");
      return { ok: true, body: { ...base, amount: String(points) } };
    }
    case "manual_adjustment": {
      const points = wholeNumber(draft.pointsAdjustment);
      if (points === null || points === 0) return fail(REQUIRED_FIELDS);
      if (points === undefined) return fail("Points adjustment must be a whole number");
      if (points < 0 && -points > customer.totalPoints) return fail(INSUFFICIENT_POINTS);
      return { ok: true, body: { ...base, pointsAdjustment: points } };
    }
    case "gift_points": {
      const points = wholeNumber(draft.giftPoints);
      if (draft.recipientCustomerId === null || points === null || points === 0) return fail(REQUIRED_FIELDS);
      if (points === undefined) return fail("Gift points must be a whole number");
      if (draft.recipientCustomerId === customer.id) return fail(SELF_GIFT);
      if (points < 0 || points > customer.totalPoints) return fail(INSUFFICIENT_POINTS);
      return { ok: true, body: { ...base, recipientCustomerId: draft.recipientCustomerId, giftPoints: points } };
    }
    default:
      return fail(REQUIRED_FIELDS);
  }
}
