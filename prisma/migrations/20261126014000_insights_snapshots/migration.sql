-- Issue 25: the Insights page answers from a per-business snapshot of its numbers (the DTO GET
-- /api/insights returns), computed by the daily insights cron and on demand when missing or older
-- than 24 hours. The lease columns let one instance at a time compute the snapshot of a business: a row
-- may exist with a lease and no data yet (the first computation under way).
CREATE TABLE "insights_snapshots" (
    "businessId" INTEGER NOT NULL,
    "computedAt" TIMESTAMP(3),
    "data" JSONB,
    "computeMs" INTEGER,
    "leaseUntil" TIMESTAMP(3),
    "leaseHolder" TEXT,
    CONSTRAINT "insights_snapshots_pkey" PRIMARY KEY ("businessId"),
    CONSTRAINT "insights_snapshots_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
