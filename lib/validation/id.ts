import { z } from "zod";
import { MAX_DB_INT } from "@/lib/validation/common";

// One id schema for every id the API accepts (issue 19, item 6): body fields, query cursors, path
// params and id lists. An id is a whole number from 1 to the largest PostgreSQL integer, given as
// a JSON number or a string of digits; anything else ("1e3", "0x10", 1.5, 99999999999) is a 400
// with the caller's message, never a database error. No server-only import: forms use it too.

export { MAX_DB_INT };

/** A database id. `invalid` is the message for a malformed or out-of-range id; `required` for a
 *  missing or empty one (defaults to `invalid`). */
export function dbId(invalid = "Invalid id", required = invalid) {
  // a number that is not finite (Infinity) is a malformed id, not a missing one
  const typeError = (iss: { input?: unknown }) => (typeof iss.input === "number" ? invalid : required);
  return z
    .union([z.number({ error: typeError }), z.string({ error: required }).trim().max(40, invalid)], { error: typeError })
    .refine((v) => v !== "", required)
    .transform((v) => (typeof v === "number" ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN))
    .refine((v) => Number.isInteger(v) && v >= 1 && v <= MAX_DB_INT, invalid);
}

/** A non-empty list of ids (duplicates removed), at most `max` long. */
export function dbIdList(opts: { invalid: string; required: string; max: number; tooMany: string }) {
  return z
    .array(dbId(opts.invalid), { error: opts.required })
    .min(1, opts.required)
    .max(opts.max, opts.tooMany)
    .transform((ids) => [...new Set(ids)]);
}

/** Route params {id}. */
export const idParam = z.object({ id: dbId("Invalid id") });
