import type { DowngradeStatus, TrialStatus } from "@/components/billing/billing-queries";
import type { Usage } from "@/lib/customers/customer-usage";

// Response shapes of GET /api/dashboard/* (spec 1 section 3 fields plus a few of ours), shared by
// the route handlers and the dashboard UI. Money: pence unless the name or comment says pounds.

export type DashboardStats = {
  /** Customers who signed up in the last 7 days (today and the 6 UK days before). */
  weeklySignups: number;
  weeklyPointsEarned: number;
  /** Pence: value of the vouchers created in the last 7 days. */
  weeklyVoucherValue: number;
  totalCustomers: number;
  activeCustomers: number;
  totalPointsEarned: number;
  /** Pounds, rounded to 2 decimals (e.g. 1234.5). */
  totalTransactionValue: number;
  pointsBurned: number;
  pointsToClaim: number;
  /** Pence: value of every voucher raised (not cancelled or deleted). */
  vouchersValue: number;
  /** Pence: discounts actually given by vouchers in transactions. */
  vouchersRedeemed: number;
  /** ISO instants: where the 7-day window starts, and the cut-off for "active". */
  weekStart: string;
  activeSince: string;
};

export type ImpactStats = {
  totalCustomers: number;
  /** Issued cards (Digital Max or Digital Core) of customers who are neither closed nor parked. */
  activeCards: number;
  /** Pounds, 2 decimals: purchase value from return visits (every purchase after a customer's first). */
  revenueImpact: number;
  /** Customers with two purchases or more. */
  returningCustomers: number;
};

export type RecentCustomer = { id: number; name: string; email: string; createdAt: string; membershipNumber: string };

export type MoneyMaker = { id: number; rank: number; displayName: string; formattedSpent: string; spentPence: number };

export type SuperFan = { id: number; rank: number; displayName: string; activityCount: number };

export type WeeklyFigures = { signups: number; transactions: number; revenue: number; pointsEarned: number };

/** date: the UK calendar day "yyyy-mm-dd"; revenue in pence. */
export type WeeklyDay = WeeklyFigures & { date: string };

export type WeeklyStats = { days: WeeklyDay[]; totals: WeeklyFigures };

/** A read the dashboard page made on the server: the route's answer, or the message it would have sent. */
export type Settled<T> = { data: T; error?: undefined } | { data?: undefined; error: string };

/** The plan and capacity elements' inputs: GET /api/business (status, payment failure), /api/subscription/usage,
 *  /api/subscription/downgrade-status and /api/business/trial-status (null when that read failed). */
export type PlanStart = {
  subscriptionStatus: string;
  paymentFailedAt: string | null;
  customersUsed: number;
  customersLimit: number | null;
  downgrade: DowngradeStatus | null;
  trial: TrialStatus | null;
};

/** What the dashboard page reads on the server for its first HTML (lib/dashboard/get-dashboard-start.ts). */
export type DashboardStart = {
  stats: Settled<DashboardStats>;
  weekly: Settled<WeeklyStats>;
  impact: Settled<ImpactStats>;
  moneyMakers: Settled<MoneyMaker[]>;
  superFans: Settled<SuperFan[]>;
  recent: Settled<RecentCustomer[]>;
  usage: Settled<Usage>;
  /** null until both the business and its usage are known (nothing is shown then, as before). */
  plan: PlanStart | null;
};
