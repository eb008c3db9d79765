import { z } from "zod";

// Building blocks shared by every resource schema. No server-only import: forms use these too.

/** Trims; rejects strings longer than `max` with a readable message. */
export const text = (max = 200, label = "This field") =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`);

// Phone rules live in lib/rules/uk-phone (one home); re-exported for the schemas that import them here.
import { isUkOrInternationalPhone, normaliseUkPhone, stripPhone, UK_PHONE_PATTERN } from "@/lib/rules/uk-phone";
export { UK_PHONE_PATTERN, normaliseUkPhone, stripPhone };

export const ukPhone = (message: string) =>
  z
    .string({ error: message })
    .max(30, message)
    .transform(stripPhone)
    .refine((v) => UK_PHONE_PATTERN.test(v), message);

/** A UK number or an international one in + form, stored as E.164 (customers, the portal). */
export const ukOrInternationalPhone = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(30, message)
    .refine(isUkOrInternationalPhone, message)
    .transform(normaliseUkPhone);

export const emailAddress = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, message)
    .pipe(z.email({ error: message }))
    .transform((v) => v.toLowerCase());

/** The largest value of a PostgreSQL integer column (ids, points, pence): anything above is not an
 *  id we hold, and reaching the database with it is a 500 (integer out of range). */
export const MAX_DB_INT = 2_147_483_647;

export const optionalBoolean = z.boolean({ error: "Expected true or false" }).optional().default(false);

