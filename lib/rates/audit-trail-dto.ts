// GET /api/business/points-audit-trail (types only: the points hub reads them).

export type RateChangeScope = "minimum_redemption" | "new_customer_rates" | "customer_rates";

export type RateChangeDto = {
  id: number;
  scope: RateChangeScope;
  customerId: number | null;
  customerName: string | null;
  oldValues: Record<string, unknown>;
  newValues: Record<string, unknown>;
  reason: string | null;
  changedBy: string;
  createdAt: string;
};

export type PointsAuditTrailDto = {
  /** From the business record: the latest minimum-redemption change, or null if never changed. */
  latestMinimumRedemptionChange: { date: string; updatedBy: string | null; from: number | null; to: number } | null;
  /** Newest first, at most 100. */
  changes: RateChangeDto[];
};
