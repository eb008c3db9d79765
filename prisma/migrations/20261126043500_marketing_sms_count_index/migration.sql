-- The shared monthly marketing-SMS limit (lib/vouchers/check-recipients.ts, marketingSmsThisMonth)
-- counts a batch of customers' sent texts this month. Without an index on the customer the count
-- read every text of the month of every customer (outbound_messages_channel_simulated_sentAt_idx):
-- 445-628 ms for a 500-customer batch with 40,000 texts this month among 1.06M outbox rows, against
-- 2-14 ms with this one (EXPLAIN ANALYZE, PostgreSQL 15, load average 23). Partial: sent texts only.
-- Additive only. (The count's other parts use voucher_send_job_recipients_open_idx and
-- automation_sends_customerId_idx.)
CREATE INDEX IF NOT EXISTS "outbound_messages_marketing_sms_idx" ON "outbound_messages" ("customerId", "sentAt") WHERE channel = 'sms' AND status = 'sent';
