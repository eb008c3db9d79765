/** @jest-environment node */
import fc from "fast-check";
import { phoneSearchText } from "@/lib/customers/search-customers";

describe("phoneSearchText (issue 23)", () => {
  it.each([
    { typed: "07700 900123", searched: "+447700900123" },
    { typed: "(020) 7946-0123", searched: "+442079460123" },
    { typed: "+44 7700", searched: "+447700" },
    { typed: "900123", searched: "900123" },
  ])("turns a UK national number as typed ($typed) into the stored E.164 form ($searched)", ({ typed, searched }) => {
    expect(phoneSearchText(typed)).toBe(searched);
  });

  it("is null for text that is not mostly digits, or fewer than three of them", () => {
    for (const q of ["john", "c123", "07", "+4", "07700x", ""]) expect(phoneSearchText(q)).toBeNull();
  });

  it("never keeps a separator and always starts with + or a digit (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("0", "1", "7", "9", " ", "-", "(", ")", ".", "+") }), (q) => {
        const out = phoneSearchText(q);
        if (out !== null) expect(out).toMatch(/^\+?\d{3,}$/);
      }),
    );
  });
});
