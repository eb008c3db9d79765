// Phone numbers are stored in E.164 (+447737100372, lib/validation/common.ts); people read and
// type them in the UK's national form. Mobiles and most area codes group as 5 + 6 digits
// (07737 100372, 01632 960123), the 02x areas as 3 + 4 + 4 (020 7946 0123). Anything that is not
// a UK number is shown as stored.
//
// One home for phone numbers (issue 21): what counts as a UK number, what counts as an international
// one, how either is stored, and how it is shown. The zod fields in lib/validation/common.ts are
// built on these; parsing and E.164 come from libphonenumber-js (its min metadata, cut down to the
// +44 countries in uk-phone-metadata.json: scripts/make-uk-phone-metadata.ts). Acceptance is
// by shape (10-11 digit UK numbers, +44 or 0), not libphonenumber's isValid: Ofcom's drama ranges
// (07700 900xxx) must keep working, and the spec asks only for "a valid UK phone number".

import { parsePhoneNumberFromString } from "libphonenumber-js/core";
import type { MetadataJson } from "libphonenumber-js/core";
import ukMetadata from "./uk-phone-metadata.json";

// Showing a number needs no parser: its own module, so a screen that only shows numbers does not
// carry libphonenumber (issue 23; bundlers keep a whole module when one of its exports is used).
export { formatUkPhone } from "./uk-phone-format";

/** A UK number after stripPhone: +44 or 0, then 9-10 digits not starting with 0. */
export const UK_PHONE_PATTERN = /^(\+44|0)[1-9]\d{8,9}$/;
/** An international number after stripPhone: + and 8-15 digits (E.164). */
export const INTERNATIONAL_PHONE_PATTERN = /^\+[1-9]\d{7,14}$/;

/** Spaces, dashes, dots and brackets are ignored: "07700 900-123" is accepted. */
export const stripPhone = (v: string) => v.replace(/[\s\-().]/g, "");

export const isUkPhone = (v: string) => UK_PHONE_PATTERN.test(stripPhone(v));
/** A UK number, or any international one in + form (customers and the portal accept both). */
export const isUkOrInternationalPhone = (v: string) => isUkPhone(v) || INTERNATIONAL_PHONE_PATTERN.test(stripPhone(v));

/** Stored form: E.164 (+44... for UK numbers typed either way; + numbers as typed, stripped). */
export function normaliseUkPhone(v: string): string {
  const p = stripPhone(v);
  const parsed = UK_PHONE_PATTERN.test(p) ? parsePhoneNumberFromString(p, "GB", ukMetadata as MetadataJson)?.number : undefined;
  return parsed ?? (p.startsWith("0") ? `+44${p.slice(1)}` : p);
}
