/** @jest-environment node */
import fc from "fast-check";
import { DEFAULT_TIERS, measureFor, nextReviewAt, sortTiers, tierAfterEarn, tierFor, tierRank, type Tier } from "@/lib/rules/tiers";
import { multiplyEarned } from "@/lib/tiers/earn-multiplier";
import { tierSettingsSchema } from "@/lib/validation/tiers";
import { CAP_REACHED, monthStart, normaliseCode, REFERRAL_CODE_ALPHABET, referralCodeFrom, referralRefusal, REPEAT_REFERRAL, SELF_REFERRAL, ALREADY_REFERRED, NOT_NEW } from "@/lib/rules/referrals";

const tierArb = fc.uniqueArray(fc.record({ name: fc.string({ minLength: 1, maxLength: 5 }), threshold: fc.nat(100_000), multiplier: fc.integer({ min: 1000, max: 10_000 }).map((m) => m / 1000) }), { minLength: 1, maxLength: 6, selector: (t) => t.threshold })
  .map((ts) => ts.map((t, i) => ({ ...t, name: `${t.name}${i}` })));

describe("tier rules", () => {
  it("default: Bronze from 0, Silver from 500 (x1.25), Gold from 1500 (x1.5)", () => {
    expect(tierFor(DEFAULT_TIERS, 0)?.name).toBe("Bronze");
    expect(tierFor(DEFAULT_TIERS, 499)?.name).toBe("Bronze");
    expect(tierFor(DEFAULT_TIERS, 500)?.name).toBe("Silver");
    expect(tierFor(DEFAULT_TIERS, 1500)).toEqual({ name: "Gold", threshold: 1500, multiplier: 1.5 });
    expect(tierSettingsSchema.safeParse({ enabled: false, basis: "lifetime_points", tiers: DEFAULT_TIERS }).success).toBe(true);
  });

  it("tierFor is the highest tier reached and monotone in the measure (property)", () => {
    fc.assert(fc.property(tierArb, fc.nat(200_000), fc.nat(200_000), (tiers: Tier[], a, b) => {
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      const tLo = tierFor(tiers, lo);
      const tHi = tierFor(tiers, hi);
      expect(tierRank(tiers, tHi?.name)).toBeGreaterThanOrEqual(tierRank(tiers, tLo?.name));
      if (tHi) expect(tHi.threshold).toBeLessThanOrEqual(hi);
      const above = sortTiers(tiers).find((t) => t.threshold > hi);
      if (tHi && above) expect(above.threshold).toBeGreaterThan(tHi.threshold);
    }));
  });

  it("after an earn a customer only ever moves up (property)", () => {
    fc.assert(fc.property(tierArb, fc.nat(200_000), fc.option(fc.nat(5)), (tiers: Tier[], measure, idx) => {
      const current = idx === null ? null : sortTiers(tiers)[idx % tiers.length].name;
      const to = tierAfterEarn(tiers, current, measure);
      if (to) expect(tierRank(tiers, to.name)).toBeGreaterThan(tierRank(tiers, current));
    }));
  });

  it("spend basis counts whole pounds; review is a year later", () => {
    expect(measureFor("spend_12_months", 999, 12_345)).toBe(123);
    expect(measureFor("lifetime_points", 999, 12_345)).toBe(999);
    expect(nextReviewAt(new Date("2026-03-01T00:00:00Z")).toISOString()).toBe("2027-03-01T00:00:00.000Z");
  });

  it("multiplyEarned rounds down, never lowers points, is exact for 3-decimal multipliers (property)", () => {
    expect(multiplyEarned(10, "1.250")).toBe(12);
    expect(multiplyEarned(10, "1.000")).toBe(10);
    expect(multiplyEarned(7, "1.5")).toBe(10);
    fc.assert(fc.property(fc.nat(2_000_000), fc.integer({ min: 1000, max: 10_000 }), (p, m) => {
      const got = multiplyEarned(p, (m / 1000).toFixed(3));
      expect(got).toBe(Math.floor((p * m) / 1000));
      expect(got).toBeGreaterThanOrEqual(p);
    }));
  });

  it("the settings schema refuses duplicate names, multipliers below 1 and negative thresholds", () => {
    const bad = (tiers: unknown) => tierSettingsSchema.safeParse({ enabled: true, basis: "lifetime_points", tiers });
    expect(bad([{ name: "A", threshold: 0, multiplier: 1 }, { name: "a", threshold: 5, multiplier: 1 }]).error?.issues[0].message).toBe("Tier names must be different");
    expect(bad([{ name: "A", threshold: 0, multiplier: 0.5 }]).error?.issues[0].message).toBe("Earn multipliers must be between 1 and 10");
    expect(bad([{ name: "A", threshold: -1, multiplier: 1 }]).error?.issues[0].message).toBe("Tier thresholds cannot be negative");
  });
});

describe("referral rules", () => {
  const referrer = { id: 1, email: "Ann@x.com", phone: "+447700900001" };
  const friend = { id: 2, email: "bob@x.com", phone: "+447700900002", alreadyReferred: false, hasPurchased: false };
  const ok = { referrer, friend, seen: 0, thisMonth: 0, cap: 3 };

  it("refuses self-referral by id, email (any case), phone or device", () => {
    expect(referralRefusal(ok)).toBeNull();
    expect(referralRefusal({ ...ok, friend: { ...friend, id: 1 } })).toBe(SELF_REFERRAL);
    expect(referralRefusal({ ...ok, friend: { ...friend, email: " ann@X.com" } })).toBe(SELF_REFERRAL);
    expect(referralRefusal({ ...ok, friend: { ...friend, phone: referrer.phone } })).toBe(SELF_REFERRAL);
    expect(referralRefusal({ ...ok, device: "d1", referrerDevice: "d1" })).toBe(SELF_REFERRAL);
  });

  it("refuses repeats, already-referred and already-buying friends, and the cap", () => {
    expect(referralRefusal({ ...ok, seen: 1 })).toBe(REPEAT_REFERRAL);
    expect(referralRefusal({ ...ok, friend: { ...friend, alreadyReferred: true } })).toBe(ALREADY_REFERRED);
    expect(referralRefusal({ ...ok, friend: { ...friend, hasPurchased: true } })).toBe(NOT_NEW);
    expect(referralRefusal({ ...ok, thisMonth: 3 })).toBe(CAP_REACHED);
    expect(referralRefusal({ ...ok, thisMonth: 2 })).toBeNull();
  });

  it("codes use the unambiguous alphabet and normalise as typed (property)", () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (bytes) => {
      const code = referralCodeFrom(bytes);
      expect(code).toHaveLength(8);
      expect([...code].every((ch) => REFERRAL_CODE_ALPHABET.includes(ch))).toBe(true);
      expect(normaliseCode(` ${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `)).toBe(code);
    }));
    expect(monthStart(new Date("2026-11-25T22:00:00Z")).toISOString()).toBe("2026-11-01T00:00:00.000Z");
  });
});
