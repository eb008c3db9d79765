import fc from "fast-check";
import { addCalendarDays, ukDate, ukMidnight, ukMonth, ukMonthStart, ukNextMonthStart, ukOffsetMs, ukStartOfDay, ukWallClock } from "@/lib/rules/uk-time";

// Oracle: the platform's own Intl reading of the Europe/London wall clock.
const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
function intlWall(d: Date) {
  const o: Record<string, number> = {};
  for (const p of parts.formatToParts(d)) if (p.type !== "literal") o[p.type] = Number(p.value);
  return o as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}
const instants = fc.date({ min: new Date("1996-01-01T00:00:00Z"), max: new Date("2060-01-01T00:00:00Z"), noInvalidDate: true });

describe("UK time (lib/rules/uk-time)", () => {
  it("reads the same wall clock, date and offset as Intl for any instant", () => {
    fc.assert(
      fc.property(instants, (d) => {
        const w = intlWall(d);
        expect(ukWallClock(d)).toEqual(w);
        expect(ukDate(d)).toBe(`${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`);
        expect(ukOffsetMs(d)).toBe(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(d.getTime() / 1000) * 1000);
      }),
      { numRuns: 500 },
    );
  });

  it("day and month boundaries are UK midnights at or before the instant, and the next one is after it", () => {
    fc.assert(
      fc.property(instants, (d) => {
        const day = ukStartOfDay(d);
        expect(day.getTime()).toBeLessThanOrEqual(d.getTime());
        expect(intlWall(day)).toMatchObject({ hour: 0, minute: 0, second: 0 });
        expect(ukDate(day)).toBe(ukDate(d));
        expect(ukMidnight(ukDate(d)).getTime()).toBe(day.getTime());
        const next = ukMidnight(addCalendarDays(ukDate(d), 1));
        expect(next.getTime()).toBeGreaterThan(d.getTime());
        const month = ukMonthStart(d);
        expect(intlWall(month)).toMatchObject({ day: 1, hour: 0, minute: 0, second: 0 });
        expect(ukMonth(month)).toBe(ukMonth(d));
        expect(ukNextMonthStart(d).getTime()).toBeGreaterThan(d.getTime());
        expect(ukMonth(new Date(ukNextMonthStart(d).getTime() - 1))).toBe(ukMonth(d));
      }),
      { numRuns: 500 },
    );
  });

  it("clock-change days: 23 hours in March, 25 in October", () => {
    expect(ukMidnight("2026-03-29").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(ukMidnight("2026-03-30").toISOString()).toBe("2026-03-29T23:00:00.000Z");
    expect(ukMidnight("2026-10-25").toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(ukMidnight("2026-10-26").toISOString()).toBe("2026-10-26T00:00:00.000Z");
    expect(ukMonthStart(new Date("2026-07-01T00:30:00Z")).toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(addCalendarDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addCalendarDays("2028-03-01", -1)).toBe("2028-02-29");
  });
});
