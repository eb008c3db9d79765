-- Issue 23: sending a voucher to many customers (up to a whole customer list) as a background job.
-- The job holds the voucher as written and how its recipients were chosen, its recipients are one
-- row each, resolved on the server when the job is created. The primary key (job, customer) is the
-- guarantee of each recipient once, a worker claims a batch of rows for a while (claimedUntil), so
-- many instances share one job and the batch of a crashed worker is taken over when its claim runs out.
CREATE TABLE "voucher_send_jobs" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "batchId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "promoCode" TEXT NOT NULL,
    "discountType" TEXT NOT NULL,
    "discountValue" DECIMAL(10,2) NOT NULL,
    "minSpendPence" INTEGER,
    "maxDiscountPence" INTEGER,
    "expiresAt" TIMESTAMP(3),
    "sendEmail" BOOLEAN NOT NULL,
    "sendSms" BOOLEAN NOT NULL,
    "audience" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "leaseUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    CONSTRAINT "voucher_send_jobs_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "voucher_send_jobs_batchId_key" ON "voucher_send_jobs"("batchId");
CREATE INDEX "voucher_send_jobs_businessId_createdAt_idx" ON "voucher_send_jobs"("businessId", "createdAt");
CREATE INDEX "voucher_send_jobs_open_idx" ON "voucher_send_jobs"("createdAt") WHERE "status" IN ('queued', 'running');
ALTER TABLE "voucher_send_jobs" ADD CONSTRAINT "voucher_send_jobs_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- status: pending (nothing done yet) | created (voucher row written, message not yet sent) |
-- sent | skipped (a rule said no when its turn came, reason says which) | failed (every channel failed)
CREATE TABLE "voucher_send_job_recipients" (
    "jobId" INTEGER NOT NULL,
    "customerId" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "voucherId" INTEGER,
    "reason" TEXT,
    "sentByEmail" BOOLEAN NOT NULL DEFAULT false,
    "sentBySms" BOOLEAN NOT NULL DEFAULT false,
    "claimedBy" TEXT,
    "claimedUntil" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "voucher_send_job_recipients_pkey" PRIMARY KEY ("jobId", "customerId")
);
CREATE INDEX "voucher_send_job_recipients_open_idx" ON "voucher_send_job_recipients"("jobId", "customerId") WHERE "status" IN ('pending', 'created');
ALTER TABLE "voucher_send_job_recipients" ADD CONSTRAINT "voucher_send_job_recipients_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "voucher_send_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "voucher_send_job_recipients" ADD CONSTRAINT "voucher_send_job_recipients_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
