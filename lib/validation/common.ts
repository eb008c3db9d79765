import { z } from "zod";

// Building blocks shared by every resource schema. No server-only import: forms use these too.

/** Trims; rejects strings longer than `max` with a readable message. */
export const text = (max = 200, label = "This field") =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`);

export const UK_PHONE_PATTERN = /^(\+44|0)[1-9]\d{8,9}$/;

/** Spaces, dashes, dots and brackets are ignored: "07700 900-123" is accepted. */
export const stripPhone = (v: string) => v.replace(/[\s\-().]/g, "");

/** Stored form of a UK number: E.164 (+44...). */
export function normaliseUkPhone(v: string): string {
  const p = stripPhone(v);
  return p.startsWith("0") ? `+44${p.slice(1)}` : p;
}

export const ukPhone = (message: string) =>
  z
    .string({ error: message })
    .max(30, message)
    .transform(stripPhone)
    .refine((v) => UK_PHONE_PATTERN.test(v), message);

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
