/** @jest-environment node */
import fc from "fast-check";
import { dbId, dbIdList, MAX_DB_INT } from "@/lib/validation/id";

// Issue 19, item 6: one bounded id schema. Anything the database cannot hold as an int4 id is a
// 400 with the caller's message, never a value that reaches a query.
describe("dbId", () => {
  const id = dbId("Invalid id", "id is required");

  it("accepts 1..MAX_DB_INT as a number or a string of digits", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_DB_INT }), (n) => {
        expect(id.parse(n)).toBe(n);
        expect(id.parse(String(n))).toBe(n);
        expect(id.parse(` ${n} `)).toBe(n);
      }),
    );
  });

  it("refuses everything else with the given message", () => {
    const bad = fc.oneof(
      fc.integer({ max: 0 }),
      fc.double({ min: MAX_DB_INT + 1, max: 1e300, noNaN: true }),
      fc.double({ noNaN: false }).filter((d) => !Number.isInteger(d)),
      fc.bigInt({ min: BigInt(MAX_DB_INT) + 1n, max: 10n ** 30n }).map(String),
      fc.constantFrom("1e3", "0x10", "1.5", "-1", "12abc", "Infinity", "NaN", "9".repeat(50)),
      fc.constantFrom(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN),
      fc.string().filter((s) => !/^\s*\d+\s*$/.test(s) && s.trim() !== ""),
    );
    fc.assert(
      fc.property(bad, (v) => {
        const r = id.safeParse(v);
        expect(r.success).toBe(false);
        expect(r.error?.issues[0].message).toBe("Invalid id");
      }),
    );
    for (const v of ["", "  ", null, undefined, true, {}, []]) expect(id.safeParse(v).success).toBe(false);
    expect(id.safeParse("").error?.issues[0].message).toBe("id is required");
  });

  it("bounds lists of ids and removes duplicates", () => {
    const list = dbIdList({ invalid: "bad id", required: "pick one", max: 3, tooMany: "too many" });
    expect(list.parse([1, "1", 2])).toEqual([1, 2]);
    expect(list.safeParse([]).error?.issues[0].message).toBe("pick one");
    expect(list.safeParse([1, 2, 3, 4]).error?.issues[0].message).toBe("too many");
    expect(list.safeParse([99999999999]).error?.issues[0].message).toBe("bad id");
  });
});
