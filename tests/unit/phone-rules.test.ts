import fc from "fast-check";
import { isUkOrInternationalPhone, isUkPhone, normaliseUkPhone, stripPhone, UK_PHONE_PATTERN } from "@/lib/rules/uk-phone";
import { ukOrInternationalPhone, ukPhone } from "@/lib/validation/common";

// Issue 21: one home for the phone rule. The old hand-written normaliser ("0..." -> "+44...") is
// the oracle: every schema must store what it stored before.
const oldNormalise = (v: string) => {
  const p = stripPhone(v);
  return p.startsWith("0") ? `+44${p.slice(1)}` : p;
};

describe("phone rules (lib/rules/uk-phone)", () => {
  it("stores UK numbers typed either way as E.164, exactly as before", () => {
    fc.assert(
      fc.property(fc.constantFrom("0", "+44", "+44 ", "(0)"), fc.integer({ min: 1, max: 9 }), fc.stringMatching(/^\d{8,9}$/), (prefix, first, rest) => {
        const typed = `${prefix}${first}${rest}`;
        if (!UK_PHONE_PATTERN.test(stripPhone(typed))) return;
        expect(isUkPhone(typed)).toBe(true);
        expect(normaliseUkPhone(typed)).toBe(oldNormalise(typed));
        expect(normaliseUkPhone(typed)).toMatch(/^\+44[1-9]\d{8,9}$/);
      }),
    );
  });

  it("accepts drama-range and real numbers alike, rejects non-numbers", () => {
    for (const n of ["07700 900123", "+447700900123", "07737 100372", "020 7946 0123", "01632 960123"]) expect(isUkPhone(n)).toBe(true);
    for (const n of ["077009001", "+4407700900123", "hello", "", "00447700900123"]) expect(isUkPhone(n)).toBe(false);
    expect(isUkOrInternationalPhone("+33 6 12 34 56 78")).toBe(true);
    expect(isUkOrInternationalPhone("+0123456789")).toBe(false);
  });

  it("the zod fields give the caller's message and the stored form", () => {
    expect(ukPhone("bad").parse("07700 900-123")).toBe("07700900123");
    expect(ukPhone("bad").safeParse("12345").error?.issues[0].message).toBe("bad");
    expect(ukOrInternationalPhone("bad").parse(" 07700 900123 ")).toBe("+447700900123");
    expect(ukOrInternationalPhone("bad").parse("+33 612 345 678")).toBe("+33612345678");
    expect(ukOrInternationalPhone("bad").safeParse(42).error?.issues[0].message).toBe("bad");
  });
});
