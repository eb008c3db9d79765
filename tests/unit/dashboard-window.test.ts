import { activeSince, addCalendarDays, lastSevenDays, ukDate, ukMidnight, ukOffsetMs } from "@/lib/rules/dashboard-window";

const iso = (d: Date) => d.toISOString();

describe("dashboard time windows", () => {
  it("knows UK time: GMT in winter, BST in summer", () => {
    expect(ukOffsetMs(new Date("2026-01-15T12:00:00Z"))).toBe(0);
    expect(ukOffsetMs(new Date("2026-07-15T12:00:00Z"))).toBe(3_600_000);
    expect(ukDate(new Date("2026-06-10T23:30:00Z"))).toBe("2026-06-11");
    expect(ukDate(new Date("2026-01-10T23:30:00Z"))).toBe("2026-01-10");
    expect(iso(ukMidnight("2026-06-11"))).toBe("2026-06-10T23:00:00.000Z");
    expect(iso(ukMidnight("2026-01-11"))).toBe("2026-01-11T00:00:00.000Z");
    expect(addCalendarDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(addCalendarDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("the last 7 days are today and the 6 UK days before it", () => {
    const w = lastSevenDays(new Date("2026-06-17T12:00:00Z"));
    expect(w.days.map((d) => d.date)).toEqual(["2026-06-11", "2026-06-12", "2026-06-13", "2026-06-14", "2026-06-15", "2026-06-16", "2026-06-17"]);
    expect(iso(w.start)).toBe("2026-06-10T23:00:00.000Z");
    expect(iso(w.end)).toBe("2026-06-17T23:00:00.000Z");
    for (let i = 1; i < w.days.length; i++) expect(w.days[i].start).toEqual(w.days[i - 1].end);
  });

  it("just after UK midnight the new day is today", () => {
    // 00:10 BST on 18 June is still 17 June in UTC.
    const w = lastSevenDays(new Date("2026-06-17T23:10:00Z"));
    expect(w.days[6].date).toBe("2026-06-18");
    expect(w.days[0].date).toBe("2026-06-12");
  });

  it("handles the clock changes: 23- and 25-hour days", () => {
    const spring = lastSevenDays(new Date("2026-03-30T12:00:00Z")).days.find((d) => d.date === "2026-03-29")!;
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const autumn = lastSevenDays(new Date("2026-10-27T12:00:00Z")).days.find((d) => d.date === "2026-10-25")!;
    expect(iso(autumn.start)).toBe("2026-10-24T23:00:00.000Z");
    expect(iso(autumn.end)).toBe("2026-10-26T00:00:00.000Z");
  });

  it("active means used within 3 calendar months, the sleep rule's cut-off", () => {
    expect(iso(activeSince(new Date("2026-06-17T12:00:00Z")))).toBe("2026-03-17T12:00:00.000Z");
    expect(iso(activeSince(new Date("2026-05-31T08:00:00Z")))).toBe("2026-02-28T08:00:00.000Z");
  });
});
