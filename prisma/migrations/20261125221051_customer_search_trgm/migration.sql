-- Issue 23: server-side customer search. Trigram GIN indexes (pg_trgm) serve ILIKE '%q%' (a prefix
-- or any part of a word) and the word-similarity operator (typos) on each searched column. btree_gin
-- puts the business first in each index, so a search in one business never reads another's entries.
-- Additive only: two extensions and five indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE INDEX IF NOT EXISTS "customers_search_name_trgm" ON "customers" USING gin ("businessId", "name" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "customers_search_email_trgm" ON "customers" USING gin ("businessId", "email" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "customers_search_phone_trgm" ON "customers" USING gin ("businessId", "phone" gin_trgm_ops);
CREATE INDEX IF NOT EXISTS "customers_search_membership_trgm" ON "customers" USING gin ("businessId", "membershipNumber" gin_trgm_ops);
-- Sorting the hub by name (createdAt, lastVisit and lifetimeSpentPence already have one).
CREATE INDEX IF NOT EXISTS "customers_businessId_name_id_idx" ON "customers" ("businessId", "name", "id");
