/** @jest-environment node */
import fc from "fast-check";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { formatUkPhone, normaliseUkPhone } from "@/lib/rules/uk-phone";
import committedMetadata from "@/lib/rules/uk-phone-metadata.json";
import { ukPhoneMetadata } from "../../scripts/lib/uk-phone-metadata";

// Issue 20 item 7: phone numbers show in the UK form the owner typed, not as stored (+44...).
describe("formatUkPhone", () => {
  it.each(Object.entries({ "+447737100372": "07737 100372", "+442079460123": "020 7946 0123", "+441632960123": "01632 960123", "07737100372": "07737 100372" }))("shows the stored number %s in the national form, %s", (stored, shown) => {
    expect(formatUkPhone(stored)).toBe(shown);
  });

  it.each([["+33612345678", "+33612345678"], ["", ""], [null, ""]])("leaves what is not a UK number alone: %p", (stored, shown) => {
    expect(formatUkPhone(stored)).toBe(shown);
  });

  it("keeps every digit of any UK mobile, in order", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^7\d{9}$/), (rest) => {
        const shown = formatUkPhone(`+44${rest}`);
        expect(shown.replace(/ /g, "")).toBe(`0${rest}`);
        expect(shown).toMatch(/^07\d{3} \d{6}$/);
      }),
    );
  });
});

// Issue 23: lib/rules/uk-phone.ts parses with the +44 slice of libphonenumber's metadata (3.9 kB
// instead of every country's 83 kB in the browser); the stored form must not change.
describe("normaliseUkPhone with the +44 metadata", () => {
  it("ships the +44 slice of the installed libphonenumber-js (else: node --import tsx scripts/make-uk-phone-metadata.ts)", () => {
    expect(committedMetadata).toEqual(ukPhoneMetadata());
  });

  it("stores every UK shape as libphonenumber-js with all its metadata does", () => {
    // Isle of Man and Channel Islands prefixes are where the +44 countries differ (a 10-digit 07624... keeps its 0).
    const prefixes = fc.constantFrom("", "7624", "1624", "7524", "7457", "1481", "1534", "7700900", "20", "800");
    fc.assert(
      fc.property(prefixes, fc.stringMatching(/^[1-9]\d{8,9}$/), fc.constantFrom("0", "+44", "+44 ", "0 "), (prefix, digits, lead) => {
        const rest = `${prefix}${digits}`.slice(0, digits.length);
        const typed = `${lead}${rest}`;
        expect(normaliseUkPhone(typed)).toBe(parsePhoneNumberFromString(typed.replace(/\s/g, ""), "GB")?.number ?? "");
      }),
      { numRuns: 2000 },
    );
  });
});
