import { z } from "zod";
import { dbId } from "@/lib/validation/id";
import { normaliseUkPhone, ukPhone } from "@/lib/validation/common";

// The account hub (spec 3 section 5, 'Business settings'), the marketing preferences and the
// onboarding step call, with the spec's messages word for word. Shared by the routes and the forms.

export const BUSINESS_NAME_REQUIRED = "business name is required";
export const BUSINESS_ADDRESS_REQUIRED = "business address is required";
export const PHONE_REQUIRED = "phone number is required";
export const PHONE_INVALID = "please enter a valid UK phone number";
export const WEBSITE_INVALID = "please enter a valid website address starting with http:// or https://";

const required = (message: string, max: number, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} must be at most ${max} characters`);

/** '' or an http(s) URL (no javascript: or data: links: the website is shown as a link). */
export const websiteField = z
  .string({ error: WEBSITE_INVALID })
  .trim()
  .max(300, "website must be at most 300 characters")
  .refine((v) => {
    if (v === "") return true;
    try {
      const url = new URL(v);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
    } catch {
      return false;
    }
  }, WEBSITE_INVALID);

/** PUT /api/business. The minimum lengths are the sign-up ones (spec 3 section 5). */
export const businessSettingsSchema = z.object({
  businessName: required(BUSINESS_NAME_REQUIRED, 120, "business name").pipe(z.string().min(2, "business name must be at least 2 characters")),
  businessAddress: required(BUSINESS_ADDRESS_REQUIRED, 300, "business address").pipe(z.string().min(5, "please enter a valid business address")),
  phone: z
    .string({ error: PHONE_REQUIRED })
    .trim()
    .min(1, PHONE_REQUIRED)
    .pipe(ukPhone(PHONE_INVALID))
    .transform(normaliseUkPhone),
  website: z
    .union([websiteField, z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type BusinessSettingsInput = z.input<typeof businessSettingsSchema>;
export type BusinessSettingsValues = z.output<typeof businessSettingsSchema>;

/** PUT /api/business/marketing-preferences: the owner's own consent to hear from us. */
export const marketingPreferencesSchema = z.object({
  emailMarketing: z.boolean({ error: "emailMarketing must be true or false" }),
  smsMarketing: z.boolean({ error: "smsMarketing must be true or false" }),
});
export type MarketingPreferencesInput = z.output<typeof marketingPreferencesSchema>;

/** POST /api/setup/complete-step. The step list itself is checked by the handler (readable 400). */
export const completeStepSchema = z.object({
  stepId: z.string({ error: "stepId is required" }).trim().min(1, "stepId is required").max(60, "Unknown setup step"),
});

export const LOG_PAGE_DEFAULT = 100;
export const LOG_PAGE_MAX = 200;

/** ?before={id}&limit={n} on the activity hub's logs: newest first, `before` is the last id seen. */
export const logPageQuerySchema = z.object({
  before: dbId("before must be a log id").optional(),
  limit: z.coerce
    .number({ error: `limit must be a number from 1 to ${LOG_PAGE_MAX}` })
    .int(`limit must be a number from 1 to ${LOG_PAGE_MAX}`)
    .min(1, `limit must be a number from 1 to ${LOG_PAGE_MAX}`)
    .max(LOG_PAGE_MAX, `limit must be a number from 1 to ${LOG_PAGE_MAX}`)
    .default(LOG_PAGE_DEFAULT),
});
export type LogPageQuery = z.output<typeof logPageQuerySchema>;
