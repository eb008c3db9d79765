import {
  accountState,
  consentUpdaterLabel,
  customerStatus,
  daysUntilDeletion,
  isClosed,
  isSnoozed,
  parkedReasonLabel,
  sleepState,
} from "@/lib/rules/customer-status";

describe("customer status helpers", () => {
  it.each(Object.entries({ paused: "snoozed", snoozed: "snoozed", closed: "closed", active: "active" }))("accepts both spellings of the account state: %s is %s", (stored, state) => {
    expect(accountState(stored)).toBe(state);
  });

  it.each(Object.entries({ awake: "active", active: "active", asleep: "asleep", scheduled_deletion: "scheduled_deletion" }))("accepts both spellings of the sleep state: %s is %s", (stored, state) => {
    expect(sleepState(stored)).toBe(state);
  });

  it("paused is snoozed; closed is closed and active is not", () => {
    expect(isSnoozed({ accountStatus: "paused" })).toBe(true);
    expect(isClosed({ accountStatus: "closed" })).toBe(true);
    expect(isClosed({ accountStatus: "active" })).toBe(false);
  });

  it("shows the account status first, then the sleep status", () => {
    expect(customerStatus({ accountStatus: "closed", sleepStatus: "active" }).label).toBe("closed");
    expect(customerStatus({ accountStatus: "paused", sleepStatus: "asleep" }).label).toBe("snoozed");
    expect(customerStatus({ accountStatus: "active", sleepStatus: "awake" })).toEqual({ label: "active", tone: "success" });
    expect(customerStatus({ accountStatus: "active", sleepStatus: "asleep" }).label).toBe("asleep");
    expect(customerStatus({ accountStatus: "active", sleepStatus: "scheduled_deletion" }).label).toBe("scheduled for deletion");
  });

  it("names who changed the consents: customer, business, anything else is system", () => {
    expect(consentUpdaterLabel("customer")).toBe("customer");
    expect(consentUpdaterLabel("business")).toBe("business");
    expect(consentUpdaterLabel("cron")).toBe("system");
    expect(consentUpdaterLabel(null)).toBe("system");
  });

  it("days until deletion never go below 0", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    expect(daysUntilDeletion({ daysUntilDeletion: 12 }, now)).toBe(12);
    expect(daysUntilDeletion({ daysUntilDeletion: -3 }, now)).toBe(0);
    expect(daysUntilDeletion({ scheduledDeletionAt: "2026-03-11T12:00:00Z" }, now)).toBe(10);
    expect(daysUntilDeletion({ scheduledDeletionAt: "2026-03-02T00:00:00Z" }, now)).toBe(1);
    expect(daysUntilDeletion({ scheduledDeletionAt: "2026-02-01T00:00:00Z" }, now)).toBe(0);
    expect(daysUntilDeletion({ scheduledDeletionAt: null }, now)).toBeNull();
  });

  it("words the known parking reasons and shows others raw", () => {
    expect(parkedReasonLabel("trial_limit")).toBe("trial limit");
    expect(parkedReasonLabel("payment_failed")).toBe("payment failed");
    expect(parkedReasonLabel("downgrade_compliance")).toBe("downgrade_compliance");
  });
});
