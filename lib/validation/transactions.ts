import { z } from "zod";
import { MAX_DB_INT } from "@/lib/validation/common";
import { TRANSACTION_TYPES, normaliseTransactionType } from "@/lib/rules/points";

// Spec 2 sections 5.1-5.3. Field-level shapes only; the per-type rules (which fields a type needs,
// balances, minimums, promos) are checked by lib/transactions/record-transaction.ts with the
// spec's messages.

const MAX_POINTS = 1_000_000;
const numberish = z.union([z.number(), z.string().trim().max(20)]);
const optionalInt = (label: string) =>
  z.union([z.number(), z.string().trim().regex(/^-?\d{1,9}$/, `${label} must be a whole number`).transform(Number), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? undefined : v))
    .refine((v) => v === undefined || (Number.isInteger(v) && Math.abs(v) <= MAX_POINTS), `${label} must be a whole number`);

export const transactionTypeSchema = z
  .string({ error: "Please choose a transaction type" })
  .transform(normaliseTransactionType)
  .pipe(z.enum(TRANSACTION_TYPES, { error: "Please choose a valid transaction type" }));

export const createTransactionSchema = z.object({
  customerId: z.coerce.number({ error: "please select a customer" }).int("please select a customer").min(1, "please select a customer").max(MAX_DB_INT, "please select a customer"),
  type: transactionTypeSchema,
  amount: numberish.nullable().optional(),
  description: z.string().trim().max(500, "Description must be at most 500 characters").nullable().optional(),
  pointsToRedeem: optionalInt("Points to redeem").refine((v) => v === undefined || v >= 0, "insufficient points - wait for customer to earn or add bonus points to proceed"),
  promoCode: z.string().trim().max(40, "Promo code is too long").nullable().optional(),
  pointsAdjustment: optionalInt("Points adjustment"),
  recipientCustomerId: z.coerce.number().int().positive().max(MAX_DB_INT).nullable().optional(),
  giftPoints: optionalInt("Gift points"),
});
export type CreateTransactionInput = z.output<typeof createTransactionSchema>;

export const editTransactionSchema = z.object({
  type: transactionTypeSchema,
  amount: z.union([z.number(), z.string().trim().min(1, "Amount is required").max(20)], { error: "Amount is required" }),
  description: z.string().trim().max(500, "Description must be at most 500 characters").nullable().optional(),
  pointsEarned: z.coerce.number({ error: "Points earned must be 0 or more" }).int("Points earned must be a whole number").min(0, "Points earned must be 0 or more").max(MAX_POINTS),
  pointsRedeemed: z.coerce.number({ error: "Points redeemed must be 0 or more" }).int("Points redeemed must be a whole number").min(0, "Points redeemed must be 0 or more").max(MAX_POINTS),
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
  before: z.coerce.number().int().positive().max(MAX_DB_INT).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional().default(500),
  customerId: z.coerce.number().int().positive().max(MAX_DB_INT).optional(),
});
