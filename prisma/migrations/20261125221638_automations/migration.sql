-- Issue 25: automations (one row per business and kind) and their send log. The unique key
-- (automation, customer, occasion) is what makes "nothing twice for the same occasion" hold even
-- when two instances run the daily job: the claim is inserted before anything is sent.
CREATE TABLE "automations" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "sendEmail" BOOLEAN NOT NULL DEFAULT true,
    "sendSms" BOOLEAN NOT NULL DEFAULT false,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "daysBefore" INTEGER NOT NULL DEFAULT 7,
    "rewardType" TEXT NOT NULL DEFAULT 'points',
    "rewardPoints" INTEGER NOT NULL DEFAULT 50,
    "voucherPercent" INTEGER NOT NULL DEFAULT 10,
    "inactiveDays" INTEGER NOT NULL DEFAULT 45,
    "pointsWithin" INTEGER NOT NULL DEFAULT 20,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "automations_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "automations_businessId_kind_key" ON "automations"("businessId", "kind");
ALTER TABLE "automations" ADD CONSTRAINT "automations_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "automation_sends" (
    "id" BIGSERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "automationId" INTEGER NOT NULL,
    "customerId" INTEGER NOT NULL,
    "occasion" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "emailWanted" BOOLEAN NOT NULL DEFAULT false,
    "smsWanted" BOOLEAN NOT NULL DEFAULT false,
    "sentByEmail" BOOLEAN NOT NULL DEFAULT false,
    "sentBySms" BOOLEAN NOT NULL DEFAULT false,
    "rewardPoints" INTEGER,
    "voucherId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'claimed',
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "automation_sends_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "automation_sends_automationId_customerId_occasion_key" ON "automation_sends"("automationId", "customerId", "occasion");
CREATE INDEX "automation_sends_businessId_createdAt_idx" ON "automation_sends"("businessId", "createdAt");
CREATE INDEX "automation_sends_customerId_idx" ON "automation_sends"("customerId");
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_automationId_fkey" FOREIGN KEY ("automationId") REFERENCES "automations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "automation_sends" ADD CONSTRAINT "automation_sends_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
