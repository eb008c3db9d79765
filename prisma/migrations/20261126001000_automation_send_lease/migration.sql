-- Issue 25: a claimed automation message is a lease. A claim that was never sent (the process
-- died between claim and send) is claimed again by a later run once "leaseUntil" has passed;
-- "attempts" counts the claims. Rows claimed before this migration count as one expired attempt.
ALTER TABLE "automation_sends" ADD COLUMN "leaseUntil" TIMESTAMP(3);
ALTER TABLE "automation_sends" ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 1;
UPDATE "automation_sends" SET "leaseUntil" = "createdAt" WHERE status = 'claimed';
CREATE INDEX "automation_sends_automationId_leaseUntil_idx" ON "automation_sends"("automationId", "leaseUntil") WHERE status = 'claimed';
