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
