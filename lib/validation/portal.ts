import { z } from "zod";
import { dbId } from "@/lib/validation/id";
import { emailAddress, ukOrInternationalPhone } from "@/lib/validation/common";

// Spec 3 section 5 (preferences form, customer portal) plus our proof-of-address step. Shared by
// the route handlers and the forms; the spec's messages word for word.

export const EMAIL_MESSAGE = "Please enter a valid email address";
export const ACCESS_CODE_MESSAGE = "Please enter the 6-digit code from your email";

/** Constants of the portal (spec 3 section 9 and our access rules, docs/decisions.md). */
export const PORTAL_TRANSACTIONS_LIMIT = 10;
export const ACCESS_CODE_TTL_MINUTES = 10;
export const ACCESS_LINK_TTL_DAYS = 14; // welcome-email links: single use, 14 days (issue 19)
export const PORTAL_SESSION_MINUTES = 60;

export const portalEmail = emailAddress(EMAIL_MESSAGE);

export const accessCode = z.string({ error: ACCESS_CODE_MESSAGE }).trim().regex(/^\d{6}$/, ACCESS_CODE_MESSAGE);

/** POST /api/customer/verify-access: {email} asks for a code (or answers at once when this browser
 *  has already proven the address), {email, code} checks it, {token} opens a signed email link. */
export const verifyAccessSchema = z
  .object({
    email: portalEmail.optional(),
    code: accessCode.optional(),
    token: z.string().trim().min(1).max(1000).optional(),
    /** Which page opened the link: a link works only on the page it was issued for (issue 19). */
    purpose: z.enum(["portal", "preferences"]).optional(),
  })
  .refine((v) => v.email !== undefined || v.token !== undefined, { message: EMAIL_MESSAGE, path: ["email"] });
export type VerifyAccessInput = z.input<typeof verifyAccessSchema>;

/** Which of the customer's accounts (one per business) a call is about; optional when there is one. */
export const customerIdField = dbId("Please choose an account").optional();

const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `${message.replace(" is required", "")} must be at most ${max} characters`);

/** Required ('Phone number is required'), then a UK or international number, stored as E.164. */
export const preferencesPhone = z
  .string({ error: "Phone number is required" })
  .trim()
  .min(1, "Phone number is required")
  .pipe(ukOrInternationalPhone("Please enter a valid phone number"));

/** PUT /api/customer-portal/preferences (and /all): the form values. */
export const preferencesSchema = z.object({
  customerId: customerIdField,
  email: portalEmail,
  firstName: required("First name is required", 60),
  lastName: required("Last name is required", 60),
  phone: preferencesPhone,
  marketingConsentEmail: z.boolean({ error: "Expected true or false" }).optional().default(false),
  marketingConsentSms: z.boolean({ error: "Expected true or false" }).optional().default(false),
});
export type PreferencesInput = z.input<typeof preferencesSchema>;
export type PreferencesValues = z.output<typeof preferencesSchema>;

/** PATCH /api/customer-portal/snooze and /close. */
export const accountActionSchema = z.object({ email: portalEmail, customerId: customerIdField });

/** Route params carrying an email ({email}); Next may hand them over still percent-encoded. */
export const emailParam = z.object({
  email: z
    .string()
    .transform((v) => {
      try {
        return decodeURIComponent(v);
      } catch {
        return v;
      }
    })
    .pipe(portalEmail),
});

export const customerIdQuery = z.object({ customerId: customerIdField });
