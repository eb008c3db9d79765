import { monthsBefore, sleepStatusFor } from "@/lib/rules/sleep-status";

describe("sleep status rule (spec 1 section 4)", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it.each([
    ["2026-11-01T00:00:00Z", "active"],
    ["2026-08-23T00:00:00Z", "active"],
    ["2026-08-22T11:00:00Z", "asleep"],
    ["2026-06-23T00:00:00Z", "asleep"],
    ["2026-06-22T12:00:00Z", "scheduled_deletion"],
    ["2025-01-01T00:00:00Z", "scheduled_deletion"],
  ])("last visit %s is %s", (visit, status) => expect(sleepStatusFor(new Date(visit), new Date("2020-01-01"), now)).toBe(status));

  it("a customer who never visited counts from the day they joined", () => {
    expect(sleepStatusFor(null, new Date("2026-11-01T00:00:00Z"), now)).toBe("active");
    expect(sleepStatusFor(null, new Date("2026-07-01T00:00:00Z"), now)).toBe("asleep");
  });

  it("calendar months clamp at month ends like PostgreSQL's interval arithmetic", () => {
    expect(monthsBefore(new Date("2026-05-31T10:00:00Z"), 3).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(monthsBefore(new Date("2026-03-15T10:00:00Z"), 5).toISOString()).toBe("2025-10-15T10:00:00.000Z");
  });
});
