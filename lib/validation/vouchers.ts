import { z } from "zod";
import { keyCursor, pageLimit, searchText, totalFlag } from "@/lib/validation/paging";
import { MAX_DB_INT, dbId, dbIdList } from "@/lib/validation/id";
import { MAX_CUSTOMERS_PER_VOUCHER, PROMO_CODE_MAX, PROMO_CODE_PATTERN, isCalendarDate, poundsToPence, ukDateOf } from "@/lib/rules/vouchers";

// Spec 2 sections 3, 5.7 and 5.8: creating and editing vouchers, with the spec's messages. Shared
// by the route handlers and the dialogs. Rules that need the clock or the database (expiry not in
// the past, consent, one voucher per week) live in lib/vouchers/*.

export const REQUIRED_MESSAGE = "please fill in all required fields";
export const SELECT_CUSTOMER_MESSAGE = "please select at least one customer";
export const CHANNEL_MESSAGE = "please choose how to send the voucher: email, SMS or both";
export const PROMO_CODE_MESSAGE = "promo code may only contain letters, numbers, - and _";
export const PERCENT_MESSAGE = "percentage discount must be a whole number from 1 to 100";
export const FIXED_MESSAGE = "fixed discount must be between £0.01 and £9,999.99 (at most 2 decimal places)";
export const MIN_SPEND_MESSAGE = "minimum spend must be an amount in pounds, e.g. 10 or 10.50";
export const EXPIRY_INVALID_MESSAGE = "please enter a valid expiry date";
export { MAX_CUSTOMERS_PER_VOUCHER };

const requiredText = (max: number, label: string) =>
  z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(max, `${label} must be at most ${max} characters`);

const description = z
  .union([z.string({ error: "description must be text" }), z.null()])
  .optional()
  .transform((v) => (v ?? "").trim())
  .pipe(z.string().max(500, "description must be at most 500 characters"))
  .transform((v) => (v === "" ? null : v));

export const promoCodeField = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(
    z
      .string()
      .min(1, REQUIRED_MESSAGE)
      .max(PROMO_CODE_MAX, `promo code must be at most ${PROMO_CODE_MAX} characters`)
      .regex(PROMO_CODE_PATTERN, PROMO_CODE_MESSAGE),
  );

const discountType = z.enum(["percentage", "fixed"], { error: "discount type must be 'percentage' or 'fixed'" });

/** A decimal amount sent as a number or a string ("2.50"); "" or missing is a missing field. */
const discountValue = z.union([z.number(), z.string()], { error: REQUIRED_MESSAGE }).transform((v, ctx) => {
  const s = typeof v === "number" ? String(v) : v.trim();
  if (s === "") {
    ctx.addIssue({ code: "custom", message: REQUIRED_MESSAGE });
    return z.NEVER;
  }
  if (!/^\d+(\.\d+)?$/.test(s) || !Number.isFinite(Number(s))) {
    ctx.addIssue({ code: "custom", message: "discount value must be a positive number" });
    return z.NEVER;
  }
  return Number(s);
});

/** Pounds or nothing: null, "" and missing mean no minimum. Output: pence or null. */
const optionalPounds = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return null;
      const pence = poundsToPence(v);
      if (pence === null || pence > 9_999_999) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return pence;
    });

/** The discount must suit its type: whole percent 1-100, or pounds above 0 with 2 decimals at most. */
function checkDiscount(v: { discountType: "percentage" | "fixed"; discountValue: number }, ctx: z.RefinementCtx) {
  if (v.discountType === "percentage") {
    if (!Number.isInteger(v.discountValue) || v.discountValue < 1 || v.discountValue > 100) {
      ctx.addIssue({ code: "custom", path: ["discountValue"], message: PERCENT_MESSAGE });
    }
  } else {
    const pence = poundsToPence(v.discountValue);
    if (pence === null || pence < 1 || pence > 999_999) ctx.addIssue({ code: "custom", path: ["discountValue"], message: FIXED_MESSAGE });
  }
}

/** A yyyy-mm-dd day (the spec's create payload) or an ISO instant (the spec's edit payload); an
 *  instant is read as the UK calendar day it falls on. Output: yyyy-mm-dd. */
const expiryInstant = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .transform((v, ctx) => {
    if (isCalendarDate(v)) return v;
    const at = /^\d{4}-\d{2}-\d{2}T/.test(v) ? Date.parse(v) : Number.NaN;
    if (Number.isNaN(at)) {
      ctx.addIssue({ code: "custom", message: EXPIRY_INVALID_MESSAGE });
      return z.NEVER;
    }
    return ukDateOf(new Date(at));
  });

const customerIds = dbIdList({
  invalid: "customer ids must be numbers",
  required: SELECT_CUSTOMER_MESSAGE,
  max: MAX_CUSTOMERS_PER_VOUCHER,
  tooMany: `a voucher can be sent to at most ${MAX_CUSTOMERS_PER_VOUCHER.toLocaleString("en-GB")} customers at once`,
});

const flag = z.boolean({ error: "Expected true or false" }).optional().default(false);

/** The voucher as written and its channels: shared by a send now and a send as a job. */
const voucherContent = {
  title: requiredText(100, "title"),
  description,
  promoCode: promoCodeField,
  discountType,
  discountValue,
  minSpend: optionalPounds(MIN_SPEND_MESSAGE),
  maxDiscount: optionalPounds("maximum discount must be an amount in pounds, e.g. 5 or 5.50"),
  expiresAt: expiryInstant,
  sendEmail: flag,
  sendSms: flag,
};
function checkContent(v: { discountType: "percentage" | "fixed"; discountValue: number; sendEmail: boolean; sendSms: boolean }, ctx: z.RefinementCtx) {
  checkDiscount(v, ctx);
  if (!v.sendEmail && !v.sendSms) ctx.addIssue({ code: "custom", path: ["sendEmail"], message: CHANNEL_MESSAGE });
}

/** POST /api/promos (spec 3 "Voucher creation payload"). */
export const createVoucherSchema = z.object({ ...voucherContent, customerIds }).superRefine(checkContent);
export type CreateVoucherInput = z.input<typeof createVoucherSchema>;
export type CreateVoucher = z.output<typeof createVoucherSchema>;

/** A list of customer ids that may be empty or missing (duplicates removed). */
const optionalIds = (what: string) =>
  z
    .array(dbId(`${what} must be numbers`), { error: `${what} must be a list of customer ids` })
    .max(MAX_CUSTOMERS_PER_VOUCHER, `${what} may name at most ${MAX_CUSTOMERS_PER_VOUCHER.toLocaleString("en-GB")} customers`)
    .transform((ids) => [...new Set(ids)])
    .optional();

/** POST /api/vouchers/jobs (issue 23): the same voucher, sent by a background job. The recipients
 *  are chosen on the server: allEligible = every customer who may receive it on the chosen
 *  channels (narrowed by the search q, less exceptCustomerIds), plus any customerIds picked by hand. */
export const createVoucherJobSchema = z
  .object({
    ...voucherContent,
    allEligible: flag,
    q: z.string({ error: "q must be text" }).trim().max(100, "q must be at most 100 characters").optional(),
    exceptCustomerIds: optionalIds("exceptCustomerIds"),
    customerIds: optionalIds("customerIds"),
  })
  .superRefine((v, ctx) => {
    checkContent(v, ctx);
    if (!v.allEligible && !v.customerIds?.length) ctx.addIssue({ code: "custom", path: ["customerIds"], message: SELECT_CUSTOMER_MESSAGE });
  });
export type CreateVoucherJobInput = z.input<typeof createVoucherJobSchema>;
export type CreateVoucherJob = z.output<typeof createVoucherJobSchema>;

/** PUT /api/vouchers/{id} (spec 5.8). The code and the recipient are locked: if sent, they must not change. */
export const updateVoucherSchema = z
  .object({
    title: requiredText(100, "title"),
    description,
    discountType,
    discountValue,
    minSpend: optionalPounds(MIN_SPEND_MESSAGE),
    expiresAt: expiryInstant,
    promoCode: z.string({ error: "the promo code cannot be changed" }).nullish(),
    customerId: dbId("the recipient cannot be changed").nullish(),
  })
  .superRefine(checkDiscount);
export type UpdateVoucherInput = z.input<typeof updateVoucherSchema>;
export type UpdateVoucher = z.output<typeof updateVoucherSchema>;

/** POST /api/promos/{id}/send. */
export const sendVoucherSchema = z.object({
  method: z.enum(["email", "sms"], { error: "method must be 'email' or 'sms'" }),
});
export type SendVoucher = z.output<typeof sendVoucherSchema>;

// Issue 23: GET /api/promos searched, sorted and paged on the server (lib/vouchers/search-vouchers.ts),
// the promo column's vouchers by code, and the 'easy tiger' check for many selected customers.

/** The voucher hub's sortable columns: created (newest first by default), title, code, expiry. */
export const VOUCHER_SORTS = ["created", "title", "code", "expiry"] as const;
export type VoucherSort = (typeof VOUCHER_SORTS)[number];
/** Largest page GET /api/promos?limit= hands out. */
export const MAX_VOUCHER_PAGE = 500;
/** At most this many codes (and customers) in one GET /api/promos?codes= (a transaction page holds 100). */
export const MAX_PROMO_CODES = 200;
const CODES_MESSAGE = "codes must be promo codes (letters, numbers, - and _) separated by commas";
const CODE_CUSTOMERS_MESSAGE = "customerIds must be customer ids separated by commas";

/** GET /api/promos: no parameters is the whole list (the spec's call). ?q=&sort=&order=&limit=&cursor=&total=1
 *  is a page of the searched list; ?codes=A,B[&customerIds=1,2] the vouchers that decide the promo
 *  column of transactions with those codes (and customers). */
export const listVouchersQuery = z.object({
  q: searchText().optional(),
  sort: z.enum(VOUCHER_SORTS, { error: `sort must be one of ${VOUCHER_SORTS.join(", ")}` }).optional(),
  order: z.enum(["asc", "desc"], { error: "order must be asc or desc" }).optional(),
  limit: pageLimit(MAX_VOUCHER_PAGE).optional(),
  /** total=1: the first page also says how many vouchers the list holds (X-Total-Count). */
  total: totalFlag().optional(),
  // "<id>.<sort key as text>": the X-Next-Cursor header of the previous page, opaque to callers.
  cursor: keyCursor(200).optional(),
  codes: z
    .string()
    .transform((v) => [...new Set(v.split(",").map((c) => c.trim().toUpperCase()))])
    .refine((codes) => codes.every((c) => c.length >= 1 && c.length <= PROMO_CODE_MAX && PROMO_CODE_PATTERN.test(c)), CODES_MESSAGE)
    .refine((codes) => codes.length <= MAX_PROMO_CODES, `codes may name at most ${MAX_PROMO_CODES} promo codes`)
    .optional(),
  customerIds: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, CODE_CUSTOMERS_MESSAGE)
    .transform((v) => [...new Set(v.split(",").map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_DB_INT), CODE_CUSTOMERS_MESSAGE)
    .refine((ids) => ids.length <= MAX_PROMO_CODES, `customerIds may name at most ${MAX_PROMO_CODES} customers`)
    .optional(),
});
export type ListVouchersQuery = z.output<typeof listVouchersQuery>;

/** POST /api/promos/recent: which of these customers were given a voucher in the last 7 days. */
export const recentVouchersSchema = z.object({
  customerIds: dbIdList({
    invalid: "customer ids must be numbers",
    required: SELECT_CUSTOMER_MESSAGE,
    max: MAX_CUSTOMERS_PER_VOUCHER,
    tooMany: `customerIds may name at most ${MAX_CUSTOMERS_PER_VOUCHER.toLocaleString("en-GB")} customers at once`,
  }),
});
