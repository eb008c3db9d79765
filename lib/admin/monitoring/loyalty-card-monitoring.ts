// Spec 3 section 3: 'Loyalty card (admin view)' and 'Wallet stats'. No server-only: the UI uses the
// types; no zod: the admin dashboard's first load imports PASS_STATUSES (issue 23). The query's
// schema is loyalty-cards-query.ts.

export const PASS_STATUSES = ["created", "fallback", "failed", "pending"] as const;

export type AdminLoyaltyCardRow = {
  id: number;
  customerName: string;
  customerEmail: string;
  businessName: string;
  membershipNumber: string;
  passkitStatus: string;
  passUrl: string | null;
  createdAt: string;
  /** Live updates (issue 9): Apple devices registered for the pass, the last push that went out,
   *  the last push error (cleared by the next success), and whether a change still waits to go out. */
  registrations: number;
  lastPushAt: string | null;
  lastPushError: string | null;
  pushPending: boolean;
};

export type IntegrationStatus = { apple: boolean; google: boolean; sms: boolean; email: boolean; stripe: boolean };

export type WalletStats = {
  totalPasses: number;
  successfulPasses: number;
  fallbackPasses: number;
  failedPasses: number;
  activeBusinesses: number;
  /** Which providers have keys (false means the simulated provider is in use). */
  integrations: IntegrationStatus;
};

/** A configuration error APNs or Google keeps answering (issue 18): unresolved ones only, with how
 *  many cards are waiting for it to be fixed. */
export type WalletPushProblemRow = {
  provider: "apple" | "google";
  status: number | null;
  reason: string;
  message: string;
  occurrences: number;
  firstSeenAt: string;
  lastSeenAt: string;
  cardsWaiting: number;
};
