// The onboarding checklist (spec 3 sections 2, 4 and 9): the seven steps with their points, the
// four achievements and how they unlock, and the totals. Pure: the API and the screen share it.

export const SETUP_STEP_IDS = [
  "welcome",
  "business_profile",
  "first_customer",
  "generate_loyalty_card",
  "complete_transaction",
  "create_voucher",
  "email_integration",
] as const;
export type SetupStepKey = (typeof SETUP_STEP_IDS)[number];

export type StepDefinition = {
  id: SetupStepKey;
  title: string;
  description: string;
  points: number;
  /** true: the owner ticks it off by hand; false: it completes itself when the real thing happens. */
  manual: boolean;
  /** Where the owner goes to do it. */
  href: string;
  actionLabel: string;
};

/** In the order of spec 3 section 9; the first incomplete one is highlighted. */
export const SETUP_STEPS: readonly StepDefinition[] = [
  { id: "welcome", title: "welcome aboard", description: "take a quick look around your new loyalty hub.", points: 10, manual: true, href: "/dashboard", actionLabel: "mark as done" },
  { id: "business_profile", title: "complete your business profile", description: "check your business name, address and phone number in the account hub.", points: 15, manual: true, href: "/account", actionLabel: "mark as done" },
  { id: "first_customer", title: "add your first customer", description: "sign up your first loyalty member with their phone verified by SMS.", points: 25, manual: false, href: "/customers", actionLabel: "add a customer" },
  { id: "generate_loyalty_card", title: "generate a loyalty card", description: "give a customer their digital loyalty card (QR code and membership number).", points: 20, manual: false, href: "/loyalty-cards", actionLabel: "see loyalty cards" },
  { id: "complete_transaction", title: "record your first transaction", description: "record a purchase so your customer starts earning points.", points: 30, manual: false, href: "/transactions", actionLabel: "add a transaction" },
  { id: "create_voucher", title: "create your first voucher", description: "send a voucher to a customer who said yes to marketing.", points: 25, manual: false, href: "/vouchers", actionLabel: "create a voucher" },
  { id: "email_integration", title: "set up customer emails", description: "check your welcome and voucher emails in the activity hub's communications tab.", points: 20, manual: true, href: "/activity", actionLabel: "mark as done" },
];

export type AchievementKey = "first_steps" | "customer_master" | "loyalty_pioneer" | "setup_master";
export type AchievementDefinition = { id: AchievementKey; title: string; description: string; points: number; requires: readonly SetupStepKey[] };

/** An achievement unlocks when every step it requires is complete (at the latest of their times). */
export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  { id: "first_steps", title: "First Steps", description: "complete the welcome and business profile steps.", points: 10, requires: ["welcome", "business_profile"] },
  { id: "customer_master", title: "Customer Master", description: "add your first customer and generate their loyalty card.", points: 25, requires: ["first_customer", "generate_loyalty_card"] },
  { id: "loyalty_pioneer", title: "Loyalty Pioneer", description: "record your first transaction and create your first voucher.", points: 20, requires: ["complete_transaction", "create_voucher"] },
  { id: "setup_master", title: "Setup Master", description: "complete all seven setup steps.", points: 100, requires: SETUP_STEP_IDS },
];

export type SetupStepView = { id: SetupStepKey; title: string; description: string; points: number; manual: boolean; href: string; actionLabel: string; completed: boolean; completedAt: string | null };
export type AchievementView = { id: AchievementKey; title: string; description: string; points: number; requires: readonly SetupStepKey[]; unlocked: boolean; unlockedAt: string | null };
export type SetupProgress = {
  steps: SetupStepView[];
  achievements: AchievementView[];
  /** Points of completed steps plus points of unlocked achievements. */
  totalPoints: number;
  stepPoints: number;
  achievementPoints: number;
  maxPoints: number;
  completedCount: number;
  totalSteps: number;
  allComplete: boolean;
  /** The first incomplete step in checklist order (highlighted), or null when all are done. */
  nextStepId: SetupStepKey | null;
};

export function isSetupStepId(value: string): value is SetupStepKey {
  return (SETUP_STEP_IDS as readonly string[]).includes(value);
}

export const MAX_SETUP_POINTS = [...SETUP_STEPS, ...ACHIEVEMENTS].reduce((sum, x) => sum + x.points, 0);

/** The checklist from the completed rows (unknown step ids are ignored). */
export function buildSetupProgress(completed: readonly { stepId: string; completedAt: Date | string }[]): SetupProgress {
  const done = new Map<string, Date>();
  for (const row of completed) done.set(row.stepId, new Date(row.completedAt));

  const steps = SETUP_STEPS.map((s): SetupStepView => {
    const at = done.get(s.id);
    return { ...s, completed: at !== undefined, completedAt: at ? at.toISOString() : null };
  });
  const achievements = ACHIEVEMENTS.map((a): AchievementView => {
    const times = a.requires.map((id) => done.get(id));
    const unlocked = times.every((t) => t !== undefined);
    const latest = unlocked ? Math.max(...times.map((t) => t!.getTime())) : null;
    return { ...a, unlocked, unlockedAt: latest === null ? null : new Date(latest).toISOString() };
  });
  const stepPoints = steps.filter((s) => s.completed).reduce((sum, s) => sum + s.points, 0);
  const achievementPoints = achievements.filter((a) => a.unlocked).reduce((sum, a) => sum + a.points, 0);
  const completedCount = steps.filter((s) => s.completed).length;
  return {
    steps,
    achievements,
    totalPoints: stepPoints + achievementPoints,
    stepPoints,
    achievementPoints,
    maxPoints: MAX_SETUP_POINTS,
    completedCount,
    totalSteps: steps.length,
    allComplete: completedCount === steps.length,
    nextStepId: steps.find((s) => !s.completed)?.id ?? null,
  };
}
