/** @jest-environment node */
import fc from "fast-check";
import { formatUkPhone } from "@/lib/rules/uk-phone";

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
