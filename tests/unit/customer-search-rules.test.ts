/** @jest-environment node */
import fc from "fast-check";
import { phoneSearchText } from "@/lib/customers/search-customers";

describe("phoneSearchText (issue 23)", () => {
  it("turns a UK national number as typed into the stored E.164 form", () => {
    expect(phoneSearchText("07700 900123")).toBe("+447700900123");
    expect(phoneSearchText("(020) 7946-0123")).toBe("+442079460123");
    expect(phoneSearchText("+44 7700")).toBe("+447700");
    expect(phoneSearchText("900123")).toBe("900123");
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
