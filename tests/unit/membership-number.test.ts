import { formatMembershipNumber, generateMembershipNumber, isValidMembershipNumber, luhnCheckDigit, membershipNumberFrom, membershipNumberMatches } from "@/lib/rules/membership-number";

/** A small seeded PRNG (mulberry32) so the test is deterministic. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("luhnCheckDigit", () => {
  it("matches the textbook example", () => {
    // 7992739871 + check digit 3 is the classic Luhn example.
    expect(luhnCheckDigit("7992739871")).toBe(3);
  });
});

describe("generateMembershipNumber", () => {
  it("returns 10 digits, never starting with 0, with a valid check digit", () => {
    const random = seeded(42);
    for (let i = 0; i < 2000; i++) {
      const n = generateMembershipNumber(random);
      expect(n).toMatch(/^[1-9]\d{9}$/);
      expect(isValidMembershipNumber(n)).toBe(true);
    }
  });

  it("handles the extremes of the random source", () => {
    expect(generateMembershipNumber(() => 0)).toBe("1000000008");
    const high = generateMembershipNumber(() => 0.9999999999);
    expect(high.slice(0, 9)).toBe("999999999");
    expect(isValidMembershipNumber(high)).toBe(true);
  });

  it("is deterministic for a given random source and not sequential", () => {
    const run = (seed: number) => {
      const random = seeded(seed);
      return Array.from({ length: 500 }, () => generateMembershipNumber(random));
    };
    const many = run(99);
    expect(run(99)).toEqual(many);
    expect(new Set(many).size).toBe(many.length);
    const sorted = many.map(Number).sort((x, y) => x - y);
    const gaps = sorted.slice(1).map((v, i) => v - sorted[i]);
    expect(Math.min(...gaps)).toBeGreaterThan(1);
  });

  it("uses Math.random by default", () => {
    expect(isValidMembershipNumber(generateMembershipNumber())).toBe(true);
  });
});

describe("isValidMembershipNumber", () => {
  const valid = generateMembershipNumber(seeded(3));

  it("rejects every single-digit typo", () => {
    for (let i = 0; i < valid.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        const typo = valid.slice(0, i) + d + valid.slice(i + 1);
        expect(isValidMembershipNumber(typo)).toBe(false);
      }
    }
  });

  it("rejects swapped neighbours (except the 0/9 pair Luhn cannot see)", () => {
    for (let i = 0; i < valid.length - 1; i++) {
      const [x, y] = [valid[i], valid[i + 1]];
      if (x === y || (x + y === "09" || x + y === "90")) continue;
      const swapped = valid.slice(0, i) + y + x + valid.slice(i + 2);
      if (swapped[0] === "0") continue;
      expect(isValidMembershipNumber(swapped)).toBe(false);
    }
  });

  it("rejects wrong shapes", () => {
    expect(isValidMembershipNumber("")).toBe(false);
    expect(isValidMembershipNumber(valid.slice(0, 9))).toBe(false);
    expect(isValidMembershipNumber(valid + "0")).toBe(false);
    expect(isValidMembershipNumber("0000000000")).toBe(false); // leading zero, even though Luhn-valid
    expect(isValidMembershipNumber(` ${valid.slice(1)}`)).toBe(false);
    expect(isValidMembershipNumber(valid.slice(0, 4) + "a" + valid.slice(5))).toBe(false);
    expect(isValidMembershipNumber(1234567890 as unknown as string)).toBe(false);
  });
});

// Issue 20: the card number appeared as "LC-1234567890" in the card dialog and "1234567890"
// everywhere else. One way to show it (groups of four), and every input reads all the forms.
describe("membership number on screen and at the till", () => {
  it.each(Object.entries({ "1234567890": "1234 5678 90", "LC-1234567890": "1234 5678 90", "1234 5678 90": "1234 5678 90", "12345678": "1234 5678", "123": "123" }))(
    "shows %j as %j",
    (stored, shown) => {
      expect(formatMembershipNumber(stored)).toBe(shown);
    },
  );

  it("shows anything that is not a number as it is", () => {
    expect(formatMembershipNumber("ABC-12")).toBe("ABC-12");
    expect(formatMembershipNumber("")).toBe("");
  });

  it.each(
    Object.entries({
      "1234567890": "1234567890",
      " LC-1234567890 ": "1234567890",
      "lc-1234 5678 90": "1234567890",
      "1234 5678 90": "1234567890",
      "1234-5678-90": "1234567890",
      "LC1234567890": "1234567890",
      "   ": "",
    }),
  )("reads the membership number from the scanned or typed code %j: %j", (code, number) => {
    expect(membershipNumberFrom(code)).toBe(number);
  });

  it("what is shown reads back as the stored number (a number copied from a screen finds the customer)", () => {
    for (const n of ["1000000008", "9999999990", "12345678"]) expect(membershipNumberFrom(formatMembershipNumber(n))).toBe(n);
  });

  it("a search matches part of the number typed in any of its forms, but not names", () => {
    expect(membershipNumberMatches("1234567890", "5678 90")).toBe(true);
    expect(membershipNumberMatches("1234567890", "LC-1234")).toBe(true);
    expect(membershipNumberMatches("1234567890", "1234 5678 90")).toBe(true);
    expect(membershipNumberMatches("1234567890", "0987")).toBe(false);
    expect(membershipNumberMatches("1234567890", "dana")).toBe(false);
    expect(membershipNumberMatches("1234567890", "  ")).toBe(false);
  });
});
