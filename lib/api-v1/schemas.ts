import { z } from "zod";
import { dbId } from "@/lib/validation/id";
import { purchaseSchema, redemptionSchema } from "@/lib/validation/transactions";

// The /api/v1 request and response schemas (issue 27). Requests reuse the app's own schemas (same
// rules, limits and messages as the staff and owner screens); the `.meta()` notes only describe
// them in the OpenAPI document (lib/api-v1/openapi.ts), which is generated from these objects. The
// response schemas are strict: the contract test parses every handler's answer with them.

// `openapi` replaces what zod would derive for a field whose zod schema is a transform of unknown
// input (the app's money and points parsers): the document shows what the parser accepts.
// `openapiRequired` names such fields that the parser requires (zod sees them as optional input).
const pounds = { openapi: { anyOf: [{ type: "string", pattern: "^\\d+(\\.\\d{1,2})?$" }, { type: "number" }] } };
const points = { openapi: { anyOf: [{ type: "integer" }, { type: "string", pattern: "^\\d+$" }] } };
const id = { openapi: { type: "integer", minimum: 1 } };

export const LOOKUP_ONE = "Send exactly one of membershipNumber, qr or phone";

export const customerLookupQuery = z
  .object({
    membershipNumber: z.string().trim().max(32, "Membership number is too long").optional().meta({ description: "The number on the card, with or without the LC- prefix" }),
    qr: z.string().trim().max(200, "QR payload is too long").optional().meta({ description: "The text read from the card's QR code" }),
    phone: z.string().trim().max(30, "Phone number is too long").optional().meta({ description: "A UK phone number (07..., +44...)" }),
  })
  .strict()
  .refine((q) => [q.membershipNumber, q.qr, q.phone].filter((v) => v !== undefined && v !== "").length === 1, LOOKUP_ONE);

export const customerParams = z.object({ id: dbId("Invalid customer id").meta({ ...id, description: "The customer's id (from the lookup)" }) });
export const voucherParams = z.object({ id: dbId("Invalid voucher id").meta({ ...id, description: "The voucher's id (from the customer's vouchers)" }) });

/** A purchase (points earned on what the till took) or a points redemption, as the app records them. */
export const apiTransactionBody = z.discriminatedUnion("type", [
  purchaseSchema.omit({ promoCode: true }).extend({
    customerId: purchaseSchema.shape.customerId.meta({ ...id, description: "The customer's id" }),
    amount: purchaseSchema.shape.amount.meta({ ...pounds, description: "What the till took, in pounds (12.50); at most 100,000" }),
  }).strict().meta({ openapiRequired: ["amount"] }),
  redemptionSchema.extend({
    customerId: redemptionSchema.shape.customerId.meta({ ...id, description: "The customer's id" }),
    pointsToRedeem: redemptionSchema.shape.pointsToRedeem.meta({ ...points, description: "Whole points to redeem: at least the customer's minimum redemption, at most their balance" }),
    amount: redemptionSchema.shape.amount.meta({ ...pounds, description: "Optional: the value the till showed; when sent it must equal the server's figure to the penny" }),
  }).strict().meta({ openapiRequired: ["pointsToRedeem"] }),
], { error: "type must be purchase or points_redemption" });
export type ApiTransactionBody = z.output<typeof apiTransactionBody>;

export const redeemVoucherBody = z
  .object({ amount: purchaseSchema.shape.amount.meta({ ...pounds, description: "The purchase the voucher applies to, in pounds, before the discount" }) })
  .strict()
  .meta({ openapiRequired: ["amount"] });

// ------------------------------------------------------------------ responses

export const apiCustomer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    membershipNumber: z.string(),
    totalPoints: z.number().int(),
    lifetimeSpent: z.string().meta({ description: "Pounds, two decimals" }),
    accountStatus: z.string(),
    sleepStatus: z.string(),
    minimumRedemption: z.number().int(),
    redemptionValue: z.string().meta({ description: "Pounds per 100 points" }),
    pointsPerPound: z.number(),
  })
  .strict();
export const customerResponse = z.object({ customer: apiCustomer }).strict();

export const apiVoucher = z
  .object({
    id: z.number().int(),
    customerId: z.number().int(),
    promoCode: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    discountType: z.enum(["percentage", "fixed"]),
    discountValue: z.number().meta({ description: "Percent, or pounds for fixed" }),
    minSpend: z.string().nullable(),
    maxDiscount: z.string().nullable(),
    expiresAt: z.string().nullable(),
  })
  .strict();
export const vouchersResponse = z.object({ vouchers: z.array(apiVoucher) }).strict();

export const apiTransaction = z
  .object({
    id: z.number().int(),
    type: z.string(),
    customerId: z.number().int(),
    amount: z.string(),
    pointsEarned: z.number().int(),
    pointsRedeemed: z.number().int(),
    promoCode: z.string().nullable(),
    discount: z.string().nullable(),
    createdAt: z.string(),
  })
  .strict();
export const transactionResponse = z
  .object({
    transaction: apiTransaction,
    customer: z.object({ id: z.number().int(), totalPoints: z.number().int(), lifetimeSpent: z.string(), accountStatus: z.string(), sleepStatus: z.string() }).strict(),
    balance: z.number().int(),
    message: z.string(),
  })
  .strict();

export const errorResponse = z
  .object({ message: z.string(), error: z.object({ code: z.string(), message: z.string() }).strict() })
  .meta({ description: "Every error: the message is written to be shown to a person" });
