-- Issue 23: the super admin business pickers search on the server, GET /api/admin/businesses?q=
-- Trigram GIN indexes serve ILIKE on the name and the email (pg_trgm exists since migration
-- 20261125221051), and the btree on name and id serves the picker order and its keyset pages.
-- Additive only: three indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS "businesses_name_trgm_idx" ON "businesses" USING gin ("name" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "businesses_email_trgm_idx" ON "businesses" USING gin ("email" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "businesses_name_id_idx" ON "businesses" ("name", "id");
