import type { CustomerDto } from "@/lib/customers/customer-dto";
import { allowedTypesFor, normaliseTransactionType, type TransactionType } from "@/lib/rules/points";
import { poundsString, redemptionValuePence } from "@/lib/rules/money";
import { CLOSED_ACCOUNT, INSUFFICIENT_POINTS, PURCHASES_ONLY } from "@/lib/rules/ledger";
import { createTransactionSchema, REQUIRED_FIELDS, SELECT_CUSTOMER, SELF_GIFT } from "@/lib/validation/transactions";

// Spec 2 sections 4.1 and 5.1, checked in the browser before the request is sent: the fields with
// the server's own schema (lib/validation/transactions.ts), then what depends on the customer
// (account state, balance, minimum redemption) with the spec's messages. The server checks all of
// it again against the row it locks. Returns the request body of POST /api/transactions or the
// problem to show.

export { CLOSED_ACCOUNT, INSUFFICIENT_POINTS, PURCHASES_ONLY, REQUIRED_FIELDS, SELECT_CUSTOMER, SELF_GIFT };
export const minimumRedemptionMessage = (minimum: number, points: number) =>
  `minimum redemption is ${minimum} points. customer is trying to redeem ${points} points.`;

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

/** The points a redemption is worth, in pence: points x value per 100 points / 100, two decimals. */
export const redemptionPence = (points: number, customer: Pick<CustomerDto, "redemptionValue">) =>
  redemptionValuePence(points, Number(customer.redemptionValue));

/** The draft as the request would carry it, before any check. */
function requestFromDraft(customerId: number, draft: TransactionDraft): Record<string, unknown> {
  const description = draft.description.trim();
  const base = { customerId, type: draft.type, ...(description ? { description } : {}) };
  switch (draft.type) {
    case "purchase":
      return { ...base, amount: draft.amount, promoCode: draft.promoCode.trim() || undefined };
    case "points_redemption":
      return { ...base, pointsToRedeem: draft.pointsToRedeem };
    case "bonus_points":
    case "goodwill_points":
      return { ...base, amount: draft.amount };
    case "manual_adjustment":
      return { ...base, pointsAdjustment: draft.pointsAdjustment };
    case "gift_points":
      return { ...base, recipientCustomerId: draft.recipientCustomerId, giftPoints: draft.giftPoints };
    default:
      return base;
  }
}

export function buildTransactionRequest(customer: Customer | null, draft: TransactionDraft): BuildResult {
  if (!customer) return fail(SELECT_CUSTOMER);
  const allowed = allowedTypesFor(customer);
  if (allowed.length === 0) return fail(CLOSED_ACCOUNT);
  if (!allowed.includes(normaliseTransactionType(draft.type) as TransactionType)) return fail(PURCHASES_ONLY);

  const parsed = createTransactionSchema.safeParse(requestFromDraft(customer.id, draft));
  if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? REQUIRED_FIELDS);
  const v = parsed.data;
  const base = { customerId: customer.id, type: draft.type, ...(v.description ? { description: v.description } : {}) };

  switch (v.type) {
    case "purchase":
      return { ok: true, body: { ...base, amount: poundsString(v.amount), ...(v.promoCode ? { promoCode: v.promoCode } : {}) } };
    case "points_redemption": {
      const points = v.pointsToRedeem;
      if (points > customer.totalPoints) return fail(INSUFFICIENT_POINTS);
      if (points < customer.minimumRedemption) return fail(minimumRedemptionMessage(customer.minimumRedemption, points));
      return { ok: true, body: { ...base, pointsToRedeem: points, amount: poundsString(redemptionPence(points, customer)) } };
    }
    case "bonus_points":
    case "goodwill_points":
      return { ok: true, body: { ...base, amount: String(v.amount) } };
    case "points_adjustment":
      if (v.pointsAdjustment < 0 && -v.pointsAdjustment > customer.totalPoints) return fail(INSUFFICIENT_POINTS);
      return { ok: true, body: { ...base, pointsAdjustment: v.pointsAdjustment } };
    case "gift_points":
      if (v.giftPoints > customer.totalPoints) return fail(INSUFFICIENT_POINTS);
      return { ok: true, body: { ...base, recipientCustomerId: v.recipientCustomerId, giftPoints: v.giftPoints } };
  }
}
