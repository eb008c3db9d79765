-- Issue 22 item 6: the super admin sees each scheduled job's last run and last error.
ALTER TABLE "job_runs" ADD COLUMN "lastErrorAt" TIMESTAMP(3);
ALTER TABLE "job_runs" ADD COLUMN "lastDurationMs" INTEGER;
