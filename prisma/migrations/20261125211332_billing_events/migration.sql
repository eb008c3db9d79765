-- Issue 16: Stripe billing events per business, folded in Stripe's order so late, repeated and
-- out-of-order deliveries settle on Stripe's latest state. Additive: a new table only.
CREATE TABLE "billing_events" (
    "id" TEXT NOT NULL,
    "businessId" INTEGER NOT NULL,
    "subscriptionId" TEXT,
    "kind" TEXT NOT NULL,
    "status" TEXT,
    "cancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false,
    "periodEnd" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "billing_events_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "billing_events_businessId_createdAt_idx" ON "billing_events"("businessId", "createdAt");
