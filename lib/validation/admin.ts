import { z } from "zod";
import { dbId } from "@/lib/validation/id";
import { emailAddress, text, ukPhone } from "@/lib/validation/common";
import { createdAtCursor, keyCursor, pageLimit, searchText } from "@/lib/validation/paging";

// Spec 3 sections 5-7: the super admin's calls, with the spec's messages word for word. Shared by
// the route handlers and the admin forms.

export const adminLoginSchema = z.object({
  email: emailAddress("Please enter a valid email address"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password must be at most 200 characters"),
});
export type AdminLoginInput = z.input<typeof adminLoginSchema>;

export const ACCOUNT_STATUSES = ["active", "suspended", "closed", "deleted"] as const;
export const SUBSCRIPTION_STATUSES = ["pro_starter", "trial", "pro_max", "active", "payment_failed", "cancelled", "expired"] as const;

/** Pounds as a number or a decimal string ("19.99"), at most 2 decimals. */
const pounds = (label: string) =>
  z
    .union([z.number({ error: `${label} must be a number` }), z.string({ error: `${label} must be a number` }).trim()])
    .transform((v) => (typeof v === "number" ? v : v === "" ? NaN : Number(v)))
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= 100_000, `${label} must be an amount between 0 and 100000`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} must have at most 2 decimal places`)
    .transform((v) => Math.round(v * 100));

/** An empty field means "no price of its own" (null): the default applies. */
const optionalPounds = (label: string) => z.preprocess((v) => (v === "" ? null : v), pounds(label).nullable());

// Stored as DECIMAL(10,3): a finer value (0.0001) would be rounded to a rate of 0.
const rate = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .refine((v) => Number.isFinite(v) && v >= 0.001 && v <= 1000, `${label} must be a number between 0 and 1000`)
    .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, `${label} can have at most 3 decimal places`);

/** PUT /api/admin/businesses/{id}: any subset of the editable fields, or the reset-password action. */
export const adminUpdateBusinessSchema = z
  .object({
    action: z.literal("reset_password", { error: "Unknown action" }),
    name: text(120, "Business name").pipe(z.string().min(2, "Business name must be at least 2 characters")),
    email: emailAddress("Please enter a valid email address"),
    phone: ukPhone("Please enter a valid UK phone number"),
    customerLimit: z.coerce.number({ error: "Customer limit must be a whole number" }).int("Customer limit must be a whole number").min(0, "Customer limit cannot be negative").max(999_999, "Customer limit must be at most 999999"),
    pointsPerPound: rate("Points per pound"),
    redemptionValue: rate("Redemption value"),
    accountStatus: z.enum(ACCOUNT_STATUSES, { error: "Account status must be active, suspended, closed or deleted" }),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES, { error: "Unknown subscription status" }),
    isFounderMember: z.boolean({ error: "isFounderMember must be true or false" }),
    subscriptionPrice: optionalPounds("Monthly price"),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to update");
export type AdminUpdateBusinessInput = z.input<typeof adminUpdateBusinessSchema>;

/** PUT /api/admin/customers/{id}: consent toggles and the active flag. */
export const adminUpdateCustomerSchema = z
  .object({
    emailConsent: z.boolean({ error: "emailConsent must be true or false" }),
    smsConsent: z.boolean({ error: "smsConsent must be true or false" }),
    isActive: z.boolean({ error: "isActive must be true or false" }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Nothing to update");

/** PUT /api/admin/system-settings: partial settings. */
export const systemSettingsUpdateSchema = z
  .object({
    signupsEnabled: z.boolean({ error: "signupsEnabled must be true or false" }),
    pinProtectionEnabled: z.boolean({ error: "pinProtectionEnabled must be true or false" }),
    signupPin: z.string({ error: "The signup PIN must be text" }).trim().max(50, "The signup PIN must be at most 50 characters").nullable(),
    defaultSubscriptionPrice: optionalPounds("Default price"),
    maintenanceMode: z.boolean({ error: "maintenanceMode must be true or false" }),
    bannerEnabled: z.boolean({ error: "bannerEnabled must be true or false" }),
    bannerTitle: z.string({ error: "Banner title must be text" }).trim().max(120, "Banner title must be at most 120 characters").nullable(),
    bannerText: z.string({ error: "Banner text must be text" }).trim().max(1000, "Banner text must be at most 1000 characters").nullable(),
  })
  .partial();
export type SystemSettingsUpdate = z.output<typeof systemSettingsUpdateSchema>;

export const generateReferralCodeSchema = z.object({
  businessId: dbId("Invalid business id", "businessId is required"),
});

export const extendTrialsSchema = z.object({
  additionalDays: z.coerce.number({ error: "additionalDays must be a whole number" }).int("additionalDays must be a whole number").min(1, "additionalDays must be at least 1").max(365, "additionalDays must be at most 365"),
});

/** The business picker's page (issue 23): at most this many businesses an answer. */
export const MAX_ADMIN_BUSINESS_PAGE = 100;

/** GET /api/admin/businesses?q=&cursor=&limit= (issue 23): a page of the businesses whose name or
 *  email contains q, by name. The cursor is "<id>.<name>" of the last business of a page. */
export const adminBusinessesQuery = z.object({
  q: searchText().optional(),
  limit: pageLimit(MAX_ADMIN_BUSINESS_PAGE).optional(),
  /** "<id>.<name>" of the last business of a page. */
  cursor: keyCursor(300).optional(),
});
export type AdminBusinessesQuery = z.output<typeof adminBusinessesQuery>;

/** The admin's Customers tab's page (issue 23): at most this many customers an answer. */
export const MAX_ADMIN_CUSTOMER_PAGE = 200;

/** GET /api/admin/business-customers/{id}?q=&cursor=&limit= (issue 23): a page of a business's
 *  customers, newest first; the cursor is the X-Next-Cursor header of the previous page. */
export const adminBusinessCustomersQuery = z.object({
  q: searchText().optional(),
  limit: pageLimit(MAX_ADMIN_CUSTOMER_PAGE).optional(),
  cursor: createdAtCursor().optional(),
});
