import { z } from "zod";
import { dbId } from "@/lib/validation/id";
import { TRANSACTION_TYPES, normaliseTransactionType } from "@/lib/rules/points";
import { AMOUNT_MAX_MESSAGE, AMOUNT_MESSAGE, MAX_TRANSACTION_PENCE, MAX_TRANSACTION_POINTS, parsePounds } from "@/lib/rules/money";
import { INSUFFICIENT_POINTS } from "@/lib/rules/ledger";

// Spec 2 sections 5.1-5.3: one schema per transaction type (fields, bounds, decimals, the spec's
// messages), joined in one discriminated union. The API parses requests with it, and the business
// dialog, the staff dialog and the request builder validate what they are about to send with it,
// so the rules exist once. What depends on the customer (balance, minimum redemption, account
// state, promo codes) is checked by the server against the row it locks.

export const SELECT_CUSTOMER = "please select a customer";
export const REQUIRED_FIELDS = "required fields missing for transaction type";
export const SELF_GIFT = "A customer cannot gift points to themselves";
export const POINTS_MAX_MESSAGE = "Points must be at most 1,000,000";

const customerId = dbId(SELECT_CUSTOMER);
const description = z.string().trim().max(500, "Description must be at most 500 characters").nullable().optional()
  .transform((v) => (v ? v : null));
const blank = (v: unknown) => v === undefined || v === null || v === "";

/** A pound amount as sent ("12.50" or 12.5), to pence: positive, 2 decimals, at most £100,000. */
const positivePounds = z.unknown().optional().transform((v, ctx) => {
  if (blank(v)) return fail(ctx, REQUIRED_FIELDS);
  const pence = typeof v === "string" || typeof v === "number" ? parsePounds(v) : null;
  if (pence === null || pence <= 0) return fail(ctx, typeof v === "string" && /^\d{8,}(\.\d*)?$/.test(v.trim()) ? AMOUNT_MAX_MESSAGE : AMOUNT_MESSAGE);
  if (pence > MAX_TRANSACTION_PENCE) return fail(ctx, AMOUNT_MAX_MESSAGE);
  return pence;
});

/** A whole number of points as sent (12 or "12"); blank is null. */
function wholePoints(v: unknown): number | null | undefined {
  if (blank(v)) return null;
  if (typeof v === "number") return Number.isInteger(v) ? v : undefined;
  if (typeof v === "string" && /^-?\d{1,9}$/.test(v.trim())) return Number(v.trim());
  return undefined;
}

/** Points a transaction moves: whole, within bounds, with the message each type's spec gives. */
const points = (o: { notWhole: string; zero: string; negative: string | null }) =>
  z.unknown().optional().transform((v, ctx) => {
    const n = wholePoints(v);
    if (n === null || n === 0) return fail(ctx, o.zero);
    if (n === undefined) return fail(ctx, o.notWhole);
    if (n < 0 && o.negative) return fail(ctx, o.negative);
    if (Math.abs(n) > MAX_TRANSACTION_POINTS) return fail(ctx, POINTS_MAX_MESSAGE);
    return n;
  });

function fail(ctx: z.RefinementCtx, message: string, path?: string[]): never {
  ctx.addIssue({ code: "custom", message, ...(path ? { path } : {}) });
  return z.NEVER as never;
}

const optionalPromo = z.string().trim().max(40, "Promo code is too long").nullable().optional().transform((v) => (v ? v.toUpperCase() : null));

export const purchaseSchema = z.object({ type: z.literal("purchase"), customerId, amount: positivePounds, promoCode: optionalPromo, description });

export const redemptionSchema = z.object({
  type: z.literal("points_redemption"),
  customerId,
  pointsToRedeem: points({ zero: REQUIRED_FIELDS, notWhole: "Points to redeem must be a whole number", negative: INSUFFICIENT_POINTS }),
  // The value the screen showed (spec: "points times value per 100 points divided by 100, two
  // decimals"); when sent it must equal the server's figure to the penny.
  amount: z.unknown().optional().transform((v, ctx) => {
    if (blank(v)) return null;
    const pence = typeof v === "string" || typeof v === "number" ? parsePounds(v) : null;
    return pence === null ? fail(ctx, "The redemption value must be an amount in pounds with at most 2 decimal places") : pence;
  }),
  description,
});

const bonusPoints = points({ zero: REQUIRED_FIELDS, notWhole: "Amount must be a positive number", negative: "Amount must be a positive number" });
/** Bonus and goodwill points: `amount` is the number of points (spec 2 section 5.1). */
const pointsAmount = z.unknown().optional().transform((v, ctx) => {
  if (typeof v === "string" && /^\d*\.\d+$/.test(v.trim())) return fail(ctx, "Points must be a whole number");
  if (typeof v === "number" && Number.isFinite(v) && !Number.isInteger(v)) return fail(ctx, "Points must be a whole number");
  return v;
}).pipe(bonusPoints);
export const bonusSchema = z.object({ type: z.literal("bonus_points"), customerId, amount: pointsAmount, description });
export const goodwillSchema = z.object({ type: z.literal("goodwill_points"), customerId, amount: pointsAmount, description });

export const adjustmentSchema = z.object({
  // The add request names it manual_adjustment, the list and edit screens points_adjustment.
  type: z.enum(["points_adjustment", "manual_adjustment"]).transform(() => "points_adjustment" as const),
  customerId,
  pointsAdjustment: points({ zero: REQUIRED_FIELDS, notWhole: "Points adjustment must be a whole number", negative: null }),
  description,
});

export const giftSchema = z
  .object({
    type: z.literal("gift_points"),
    customerId,
    recipientCustomerId: dbId("Please choose a valid recipient", REQUIRED_FIELDS),
    giftPoints: points({ zero: REQUIRED_FIELDS, notWhole: "Gift points must be a whole number", negative: INSUFFICIENT_POINTS }),
    description,
  })
  .refine((v) => v.recipientCustomerId !== v.customerId, { message: SELF_GIFT, path: ["recipientCustomerId"] });

const typeError = (iss: { input?: unknown }) =>
  iss.input && typeof iss.input === "object" && (iss.input as { type?: unknown }).type === undefined ? "Please choose a transaction type" : "Please choose a valid transaction type";

export const createTransactionSchema = z.discriminatedUnion("type", [purchaseSchema, redemptionSchema, bonusSchema, goodwillSchema, adjustmentSchema, giftSchema], { error: typeError });
export type CreateTransactionInput = z.output<typeof createTransactionSchema>;
/** The request body as a client sends it. */
export type CreateTransactionRequest = z.input<typeof createTransactionSchema>;

export const transactionTypeSchema = z
  .string({ error: "Please choose a transaction type" })
  .transform(normaliseTransactionType)
  .pipe(z.enum(TRANSACTION_TYPES, { error: "Please choose a valid transaction type" }));

export const EDIT_AMOUNT_MESSAGE = "Amount must be a number with at most 2 decimal places";

const editPoints = (label: string) =>
  z.coerce.number({ error: `${label} must be 0 or more` }).int(`${label} must be a whole number`).min(0, `${label} must be 0 or more`).max(MAX_TRANSACTION_POINTS, POINTS_MAX_MESSAGE);

/** Edit (spec 2 section 5.2) with the same bounds as creation: at most £100,000.00 and 1,000,000
 *  points, a purchase's amount above zero (issue 19 item 5: no edit can overflow a total). */
export const editTransactionSchema = z
  .object({
    type: transactionTypeSchema,
    amount: z.union([z.number(), z.string().trim().min(1, "Amount is required").max(20, AMOUNT_MESSAGE)], { error: "Amount is required" }),
    description: z.string().trim().max(500, "Description must be at most 500 characters").nullable().optional(),
    pointsEarned: editPoints("Points earned"),
    pointsRedeemed: editPoints("Points redeemed"),
  })
  .transform((v, ctx) => {
    const pence = parsePounds(v.amount);
    const at = ["amount"];
    if (pence === null) return fail(ctx, /^\d{8,}(\.\d*)?$/.test(String(v.amount).trim()) ? AMOUNT_MAX_MESSAGE : EDIT_AMOUNT_MESSAGE, at);
    if (pence > MAX_TRANSACTION_PENCE) return fail(ctx, AMOUNT_MAX_MESSAGE, at);
    if (v.type === "purchase" && pence <= 0) return fail(ctx, AMOUNT_MESSAGE, at);
    return { ...v, amountPence: pence };
  });
export type EditTransactionInput = z.output<typeof editTransactionSchema>;

export const DELETE_REASONS = ["incorrectly_posted", "sale_value_increased", "training_transaction", "other"] as const;
export const deleteTransactionSchema = z
  .object({
    reason: z.enum(DELETE_REASONS, { error: "Please choose a reason for deleting this transaction" }),
    customReason: z.string().trim().max(500).nullable().optional(),
    password: z.string().max(200).nullable().optional(),
  })
  .refine((v) => v.reason !== "other" || (!!v.customReason && !!v.password), {
    message: "Custom reason and password are required when selecting 'Other'",
    path: ["customReason"],
  });
export type DeleteTransactionInput = z.output<typeof deleteTransactionSchema>;

export const listTransactionsQuery = z.object({
  q: z.string().trim().max(100).optional(),
  before: dbId("Invalid cursor").optional(),
  limit: z.coerce.number().int().min(1).max(500).optional().default(500),
  customerId: dbId("Invalid customer id").optional(),
});
