-- The 2-a-month marketing SMS limit (spec 3 section 9): a voucher "send now" (POST /api/promos) and
-- "send again" (POST /api/promos/{id}/send) decide and text in one request. The decision is now
-- written here under the customers' row locks before the text goes, and counted by
-- marketingSmsThisMonth (lib/vouchers/check-recipients.ts) until the text's outcome is recorded
-- (the hold is deleted) or "holdUntil" passes (the request died between decision and send).
-- Additive only. Foreign keys in SQL, as for voucher_send_job_recipients.
CREATE TABLE "marketing_sms_holds" (
    "id" BIGSERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "customerId" INTEGER NOT NULL,
    "voucherId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "holdUntil" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "marketing_sms_holds_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "marketing_sms_holds_customerId_holdUntil_idx" ON "marketing_sms_holds"("customerId", "holdUntil");
ALTER TABLE "marketing_sms_holds" ADD CONSTRAINT "marketing_sms_holds_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "marketing_sms_holds" ADD CONSTRAINT "marketing_sms_holds_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
