import { z } from "zod";
import { MAX_DB_INT, UK_PHONE_PATTERN, stripPhone } from "@/lib/validation/common";
import { createdAtCursor, pageLimit, searchText, totalFlag } from "@/lib/validation/paging";
import { optionalReferralCode } from "@/lib/validation/referrals";
import { CUSTOMER_STATUS_FILTERS, MAX_CUSTOMER_IDS } from "@/lib/rules/customer-status";

// Spec 1 section 5: adding and editing customers, with the spec's messages word for word.

export const TWO_WORDS_MESSAGE = "Please enter both first name and last name (e.g. 'John Smith' or 'Sarah Jones-Brown')";

export const customerName = z
  .string({ error: "Name must be at least 2 characters" })
  .trim()
  .min(2, "Name must be at least 2 characters")
  .max(120, "Name must be at most 120 characters")
  .refine((v) => v.split(/\s+/).filter(Boolean).length >= 2, TWO_WORDS_MESSAGE);

export const customerEmail = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .max(254, "Please enter a valid email address")
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((v) => v.toLowerCase());

/** At least 10 characters (spec); stored as E.164 for UK numbers, digits with a leading + otherwise. */
export const customerPhone = z
  .string({ error: "Please enter a valid phone number" })
  .trim()
  .min(10, "Please enter a valid phone number")
  .max(30, "Please enter a valid phone number")
  .transform(stripPhone)
  .refine((v) => UK_PHONE_PATTERN.test(v) || /^\+[1-9]\d{7,14}$/.test(v), "Please enter a valid phone number")
  .transform((v) => (v.startsWith("0") ? `+44${v.slice(1)}` : v));

/** yyyy-mm-dd, a real date, not in the future; empty means none. */
export const dateOfBirth = z
  .union([z.literal(""), z.null(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter a valid date of birth")])
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (!Number.isNaN(Date.parse(v)) && new Date(v) <= new Date() && new Date(v) > new Date("1900-01-01")), "Please enter a valid date of birth");

const consent = z.boolean({ error: "Expected true or false" }).optional().default(false);

/** The pending customer of the add flow (spec 1 section 3). */
export const pendingCustomerSchema = z.object({
  name: customerName,
  email: customerEmail,
  phone: customerPhone,
  dateOfBirth,
  autoGenerateCard: z.boolean().optional().default(true),
  sendWelcomeEmail: z.boolean().optional().default(true),
  marketingConsentPhone: consent,
  marketingConsentEmail: consent,
  marketingConsentSms: consent,
  /** Issue 26: the friend's referral code they joined with (optional). */
  referralCode: optionalReferralCode,
});
export type PendingCustomerInput = z.input<typeof pendingCustomerSchema>;
export type PendingCustomer = z.output<typeof pendingCustomerSchema>;

export const verificationCode = z
  .string({ error: "Please enter the 4-digit code" })
  .regex(/^\d{4}$/, "Please enter the 4-digit code");

/** verify-and-create: the stored customerData plus the code (the client may nest or spread it). */
export const verifyAndCreateSchema = pendingCustomerSchema.extend({ verificationCode });

/** Step 1 of the dialog only (details). */
export const customerDetailsSchema = pendingCustomerSchema.pick({ name: true, email: true, phone: true, dateOfBirth: true, referralCode: true });

/** PATCH /api/customers/{id}: every field optional; name and email may not be emptied. */
export const updateCustomerSchema = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(120, "Name must be at most 120 characters").optional(),
    firstName: z.string().trim().max(60, "First name must be at most 60 characters").optional(),
    lastName: z.string().trim().max(60, "Last name must be at most 60 characters").optional(),
    email: z.string().trim().min(1, "Email is required").max(254).pipe(z.email({ error: "Please enter a valid email address" })).transform((v) => v.toLowerCase()).optional(),
    phone: customerPhone.optional(),
    dateOfBirth,
    marketingConsentEmail: z.boolean({ error: "Expected true or false" }).optional(),
    marketingConsentSms: z.boolean({ error: "Expected true or false" }).optional(),
  })
  .strip();
export type UpdateCustomerInput = z.input<typeof updateCustomerSchema>;

/** "Sarah Jones-Brown" -> first "Sarah", last "Jones-Brown"; "Mary Ann Smith" -> "Mary Ann", "Smith". */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return { firstName: parts[0] ?? "", lastName: "" };
  return { firstName: parts.slice(0, -1).join(" "), lastName: parts[parts.length - 1] };
}

// Both spellings the spec gives are accepted on input (spec 1 section 3).
export const ACCOUNT_STATUSES = ["active", "paused", "snoozed", "closed"] as const;
export const SLEEP_STATUSES = ["active", "awake", "asleep", "scheduled_deletion"] as const;
export const normaliseAccountStatus = (s: string) => (s === "paused" ? "snoozed" : s);
export const normaliseSleepStatus = (s: string) => (s === "awake" ? "active" : s);

/** Largest page GET /api/customers?limit= hands out. */
const MAX_CUSTOMER_PAGE = 5000;

/** GET /api/customers: no parameters is the whole list (the spec's call); `limit` and the
 *  `before` cursor (from the previous page's X-Next-Before header) read it a page at a time. */
export const listCustomersQuery = z.object({
  limit: pageLimit(MAX_CUSTOMER_PAGE).optional(),
  before: createdAtCursor("before").optional(),
});
export type CustomerListCursor = NonNullable<z.output<typeof listCustomersQuery>["before"]>;

/** The hub's sortable columns (issue 23): joined (createdAt), name, points, spent, last visit. */
export const CUSTOMER_SORTS = ["joined", "name", "points", "spent", "lastVisit"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
const SEARCH_CURSOR_MESSAGE = "cursor must be the cursor a previous page returned";
const IDS_MESSAGE = "ids must be customer ids separated by commas";
const EXCLUDE_MESSAGE = "exclude must be a customer id";

/** GET /api/customers?q=&sort=&order=&limit=&cursor= (issue 23): search, sort and keyset pages.
 *  `cursor` is the X-Next-Cursor header of the previous page, opaque to callers. */
export const searchCustomersQuery = listCustomersQuery.extend({
  q: searchText().optional(),
  /** "select all eligible": the ids of the matching customers who may receive a voucher on these
   *  channels ("email", "sms", "email,sms" or "none"). */
  eligible: z
    .enum(["email", "sms", "email,sms", "sms,email", "none"], { error: "eligible must be email, sms, email,sms or none" })
    .transform((v) => ({ sendEmail: v.includes("email"), sendSms: v.includes("sms") }))
    .optional(),
  /** The pickers' rules (lib/rules/customer-status.ts); without it, every listed customer. */
  status: z.enum(CUSTOMER_STATUS_FILTERS, { error: `status must be one of ${CUSTOMER_STATUS_FILTERS.join(", ")}` }).optional(),
  /** "12,34,56": only these customers (a picker's preselected ones), at most MAX_CUSTOMER_IDS. */
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, IDS_MESSAGE)
    .transform((v) => [...new Set(v.split(",").map(Number))])
    .refine((ids) => ids.length <= MAX_CUSTOMER_IDS, `ids may name at most ${MAX_CUSTOMER_IDS} customers`)
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_DB_INT), IDS_MESSAGE)
    .optional(),
  /** Leave this customer out (a gift's giver, in the recipient picker). */
  exclude: z.coerce.number({ error: EXCLUDE_MESSAGE }).int(EXCLUDE_MESSAGE).min(1, EXCLUDE_MESSAGE).max(MAX_DB_INT, EXCLUDE_MESSAGE).optional(),
  sort: z.enum(CUSTOMER_SORTS, { error: `sort must be one of ${CUSTOMER_SORTS.join(", ")}` }).optional(),
  order: z.enum(["asc", "desc"], { error: "order must be asc or desc" }).optional(),
  /** total=1: the first page also says how many customers the list holds: X-Total-Count, and
   *  X-Total-Kind exact, at-least (a search's count stopped at its cap) or about (an estimate). */
  total: totalFlag().optional(),
  // "[~]<id>.<sort key as text>" (~: a page of near matches; the key may hold any character).
  cursor: z
    .string()
    .max(400, SEARCH_CURSOR_MESSAGE)
    .regex(/^~?\d{1,10}\.[^]*$/, SEARCH_CURSOR_MESSAGE)
    .transform((v) => ({ near: v.startsWith("~"), id: Number(v.slice(v.startsWith("~") ? 1 : 0, v.indexOf("."))), key: v.slice(v.indexOf(".") + 1) }))
    .refine((c) => c.id >= 1 && c.id <= MAX_DB_INT, SEARCH_CURSOR_MESSAGE)
    .optional(),
});
export type SearchCustomersQuery = z.output<typeof searchCustomersQuery>;

/** GET /api/staff/customers?q=&cursor=&limit= (issue 23): the staff portal's search, by name,
 *  with the hub's messages. Without any of the three the answer is the whole list (spec 3). */
export const staffCustomersQuery = searchCustomersQuery.pick({ q: true, limit: true, cursor: true });
