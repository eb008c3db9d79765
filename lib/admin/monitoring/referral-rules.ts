// Pure referral-monitoring rules shared by the API and the admin dashboard. No imports: the
// dashboard's first load carries this module (issue 23); the days left are counted on the server
// (get-referral-stats.ts, with the UK calendar).

export const REFERRAL_HIGHLIGHT_DAYS = 7;

/** Spec 3 section 4: rows with 7 days or fewer remaining are highlighted (active trials only). */
export function isReferralEndingSoon(row: { trialStatus: string; daysRemaining: number }): boolean {
  return row.trialStatus === "active" && row.daysRemaining <= REFERRAL_HIGHLIGHT_DAYS;
}

/** Spec 3 section 4: 'Active Trial', 'Converted', others shown as they are (capitalised). */
export function trialStatusLabel(status: string): string {
  if (status === "active") return "Active Trial";
  if (status === "converted") return "Converted";
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function percent(part: number, whole: number): number {
  return whole <= 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}

export type ReferralStats = { totalReferrals: number; activeTrials: number; conversions: number; conversionRate: number };
export type ReferralActivityRow = {
  id: number;
  businessName: string;
  businessEmail: string;
  referrerName: string;
  referrerId: number;
  trialStatus: string;
  trialDuration: number;
  daysRemaining: number;
  createdAt: string;
};
