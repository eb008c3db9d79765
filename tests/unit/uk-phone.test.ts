/** @jest-environment node */
import fc from "fast-check";
import { formatUkPhone } from "@/lib/rules/uk-phone";

// Issue 20 item 7: phone numbers show in the UK form the owner typed, not as stored (+44...).
describe("formatUkPhone", () => {
  it("shows stored numbers in the national form", () => {
    expect(formatUkPhone("+447737100372")).toBe("07737 100372");
    expect(formatUkPhone("+442079460123")).toBe("020 7946 0123");
    expect(formatUkPhone("+441632960123")).toBe("01632 960123");
    expect(formatUkPhone("07737100372")).toBe("07737 100372");
  });

  it("leaves what is not a UK number alone", () => {
    expect(formatUkPhone("+33612345678")).toBe("+33612345678");
    expect(formatUkPhone("")).toBe("");
    expect(formatUkPhone(null)).toBe("");
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
