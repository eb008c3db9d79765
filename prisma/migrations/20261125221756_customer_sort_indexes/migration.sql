-- Issue 23: the hub's points and last-visit sorts read their first page from an index instead of
-- sorting a large business's every customer (200 ms at 100,000). Never visited sorts as the oldest
-- visit (the same expression as lib/customers/search-customers.ts). Additive only.
CREATE INDEX IF NOT EXISTS "customers_businessId_totalPoints_id_idx" ON "customers" ("businessId", "totalPoints", "id");
CREATE INDEX IF NOT EXISTS "customers_businessId_lastVisitSort_id_idx" ON "customers" ("businessId", (coalesce("lastVisit", '-infinity'::timestamp)), "id");
