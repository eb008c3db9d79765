import { ACHIEVEMENTS, buildSetupProgress, isSetupStepId, MAX_SETUP_POINTS, SETUP_STEPS } from "@/lib/onboarding/progress";
import { canSendChatMessage, isChatClosed } from "@/lib/rules/chat";

const at = (iso: string) => ({ completedAt: iso });

describe("onboarding progress", () => {
  it("has the spec's step points and achievement points", () => {
    expect(Object.fromEntries(SETUP_STEPS.map((s) => [s.id, s.points]))).toEqual({
      welcome: 10,
      business_profile: 15,
      first_customer: 25,
      generate_loyalty_card: 20,
      complete_transaction: 30,
      create_voucher: 25,
      email_integration: 20,
    });
    expect(ACHIEVEMENTS.map((a) => [a.title, a.points])).toEqual([
      ["First Steps", 10],
      ["Customer Master", 25],
      ["Loyalty Pioneer", 20],
      ["Setup Master", 100],
    ]);
    expect(MAX_SETUP_POINTS).toBe(300);
  });

  it("adds achievement points to step points and highlights the first incomplete step", () => {
    const p = buildSetupProgress([
      { stepId: "first_customer", ...at("2026-11-01T10:00:00Z") },
      { stepId: "generate_loyalty_card", ...at("2026-11-02T10:00:00Z") },
    ]);
    expect(p.nextStepId).toBe("welcome");
    expect(p).toMatchObject({ stepPoints: 45, achievementPoints: 25, totalPoints: 70, completedCount: 2, allComplete: false });
    expect(p.achievements.find((a) => a.id === "customer_master")).toMatchObject({ unlocked: true, unlockedAt: "2026-11-02T10:00:00.000Z" });
    expect(p.achievements.filter((a) => a.unlocked)).toHaveLength(1);
  });

  it("needs every step of an achievement", () => {
    const p = buildSetupProgress([{ stepId: "complete_transaction", ...at("2026-11-01T10:00:00Z") }]);
    expect(p.achievements.find((a) => a.id === "loyalty_pioneer")?.unlocked).toBe(false);
    expect(p.totalPoints).toBe(30);
    expect(p.nextStepId).toBe("welcome");
  });

  it("completes everything with all seven steps and ignores unknown ids", () => {
    const p = buildSetupProgress([...SETUP_STEPS.map((s) => ({ stepId: s.id, ...at("2026-11-01T10:00:00Z") })), { stepId: "legacy_step", ...at("2026-11-01T10:00:00Z") }]);
    expect(p).toMatchObject({ allComplete: true, nextStepId: null, completedCount: 7, totalPoints: 300 });
    expect(isSetupStepId("legacy_step")).toBe(false);
    expect(isSetupStepId("welcome")).toBe(true);
  });
});

describe("chat rules", () => {
  it("allows sending only a non-blank message while nothing is pending", () => {
    expect(canSendChatMessage("hello", false)).toBe(true);
    expect(canSendChatMessage("  \n ", false)).toBe(false);
    expect(canSendChatMessage("", false)).toBe(false);
    expect(canSendChatMessage("hello", true)).toBe(false);
  });

  it("treats a chat idle for 24 hours as closed", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(isChatClosed({ status: "active", lastActivityAt: "2026-11-21T12:00:01Z" }, now)).toBe(false);
    expect(isChatClosed({ status: "active", lastActivityAt: "2026-11-21T12:00:00Z" }, now)).toBe(true);
    expect(isChatClosed({ status: "closed", lastActivityAt: now }, now)).toBe(true);
    expect(isChatClosed({ status: "escalated", lastActivityAt: "2026-11-01T12:00:00Z" }, now)).toBe(false);
  });
});
