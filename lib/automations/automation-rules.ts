// Issue 25: the pure automation rules, shared by the daily run, the API and the Automations page
// (live preview). No server-only import and no database.
import { ukWallClock } from "@/lib/rules/dashboard-window";

export const AUTOMATION_KINDS = ["birthday", "win_back", "nearly_there", "reward_available"] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];

export const AUTOMATION_LABELS: Record<AutomationKind, { title: string; description: string }> = {
  birthday: { title: "birthday reward", description: "Points or a voucher a few days before the customer's date of birth, once a year." },
  win_back: { title: "win-back", description: "A nudge when a customer has not visited for a while, before they fall asleep at 3 months." },
  nearly_there: { title: "nearly there", description: "When a customer is within a few points of the minimum redemption." },
  reward_available: { title: "reward available", description: "When a customer has enough points to redeem." },
};

export type AutomationSettings = {
  kind: AutomationKind;
  enabled: boolean;
  sendEmail: boolean;
  sendSms: boolean;
  subject: string;
  body: string;
  daysBefore: number;
  rewardType: "points" | "voucher";
  rewardPoints: number;
  voucherPercent: number;
  inactiveDays: number;
  pointsWithin: number;
};

const DEFAULT_TEXTS: Record<AutomationKind, { subject: string; body: string }> = {
  birthday: {
    subject: "Happy birthday from {businessName}!",
    body: "Hi {firstName}, your birthday is coming up and we have a treat for you: {reward}. See you soon at {businessName}!",
  },
  win_back: {
    subject: "We miss you at {businessName}",
    body: "Hi {firstName}, it has been {daysSinceVisit} days since your last visit. You have {points} points waiting for you at {businessName}.",
  },
  nearly_there: {
    subject: "You're nearly there, {firstName}",
    body: "Hi {firstName}, you have {points} points: just {pointsToGo} more and you can redeem a reward at {businessName}.",
  },
  reward_available: {
    subject: "Your reward is ready at {businessName}",
    body: "Hi {firstName}, you have {points} points, enough to redeem a reward on your next visit to {businessName}.",
  },
};

export function defaultAutomation(kind: AutomationKind): AutomationSettings {
  return { kind, enabled: false, sendEmail: true, sendSms: false, ...DEFAULT_TEXTS[kind], daysBefore: 7, rewardType: "points", rewardPoints: 50, voucherPercent: 10, inactiveDays: 45, pointsWithin: 20 };
}

/** Win-back must fire before the customer falls asleep (3 calendar months, at least 89 days). */
export const MAX_INACTIVE_DAYS = 88;

// ---------------------------------------------------------------- templates

export const TEMPLATE_FIELDS = ["firstName", "businessName", "points", "pointsToGo", "daysSinceVisit", "reward", "birthday"] as const;
export type TemplateVars = Partial<Record<(typeof TEMPLATE_FIELDS)[number], string | number>>;

/** Replaces {field} placeholders; unknown placeholders stay as written so the owner sees the typo. */
export function renderTemplate(template: string, vars: TemplateVars): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = (vars as Record<string, string | number | undefined>)[name];
    return v === undefined ? whole : String(v);
  });
}

export const SAMPLE_VARS: TemplateVars = { firstName: "Sam", businessName: "Your café", points: 85, pointsToGo: 15, daysSinceVisit: 45, reward: "50 bonus points", birthday: "12 December" };

export function rewardText(a: Pick<AutomationSettings, "rewardType" | "rewardPoints" | "voucherPercent">): string {
  return a.rewardType === "points" ? `${a.rewardPoints} bonus points` : `a ${a.voucherPercent}% off voucher`;
}

// ---------------------------------------------------------------- timing

/** No SMS between 21:00 and 08:00 UK time (Europe/London, GMT or BST). */
export function isSmsQuietTime(now: Date): boolean {
  const h = ukWallClock(now).hour;
  return h >= 21 || h < 8;
}
