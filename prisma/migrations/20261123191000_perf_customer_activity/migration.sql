-- Issue 10: per-customer rollups of the live (not deleted) transactions, so the dashboard's all-time
-- figures (stats, impact, super fans) read one row per customer instead of every transaction of the
-- business. Kept by a trigger on transactions in the same transaction as each change: an O(1) upsert
-- per new transaction (the till's hot path), a recount of that one customer on an edit or delete.
-- NOTE: the migration runner splits scripts at every semicolon character, so no comment here has one
-- and the PL/pgSQL body is an E'' string whose semicolons are written as the escape \x3B.

CREATE TABLE "customer_activity" (
    "customerId" INTEGER NOT NULL,
    "businessId" INTEGER NOT NULL,
    "liveTransactions" INTEGER NOT NULL DEFAULT 0,
    "purchases" INTEGER NOT NULL DEFAULT 0,
    "purchasePence" BIGINT NOT NULL DEFAULT 0,
    "pointsEarned" BIGINT NOT NULL DEFAULT 0,
    "pointsRedeemed" BIGINT NOT NULL DEFAULT 0,
    "discountPence" BIGINT NOT NULL DEFAULT 0,
    "firstPurchaseAt" TIMESTAMP(3),
    "firstPurchaseId" INTEGER,
    "firstPurchasePence" INTEGER,
    CONSTRAINT "customer_activity_pkey" PRIMARY KEY ("customerId")
);

ALTER TABLE "customer_activity" ADD CONSTRAINT "customer_activity_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Super fans: the business's most active customers straight from this index.
CREATE INDEX "customer_activity_businessId_liveTransactions_customerId_idx" ON "customer_activity"("businessId", "liveTransactions" DESC, "customerId");

-- The transactions list pages newest first by id within a business. Without this index a small
-- business's page is found by walking every business's rows backwards through the primary key.
CREATE INDEX "transactions_businessId_id_idx" ON "transactions"("businessId", "id");

-- One customer's figures recounted from the base table (edits and deletes, which are rare).
-- UPDATE only: when the customer itself is being deleted its row is already gone.
CREATE FUNCTION customer_activity_recount(bid INTEGER, cid INTEGER) RETURNS void LANGUAGE sql AS $$
  UPDATE customer_activity a SET
    "liveTransactions" = s.n, purchases = s.purchases, "purchasePence" = s.purchase_pence, "pointsEarned" = s.earned,
    "pointsRedeemed" = s.redeemed, "discountPence" = s.discount,
    "firstPurchaseAt" = f."createdAt", "firstPurchaseId" = f.id, "firstPurchasePence" = f."amountPence"
  FROM (
    SELECT count(*) AS n, count(*) FILTER (WHERE type = 'purchase') AS purchases,
      COALESCE(sum("amountPence") FILTER (WHERE type = 'purchase'), 0) AS purchase_pence,
      COALESCE(sum("pointsEarned") FILTER (WHERE type <> 'gift_points'), 0) AS earned,
      COALESCE(sum("pointsRedeemed") FILTER (WHERE type <> 'gift_points'), 0) AS redeemed,
      COALESCE(sum("discountPence") FILTER (WHERE "discountPence" > 0), 0) AS discount
    FROM transactions WHERE "businessId" = bid AND "customerId" = cid AND "deletedAt" IS NULL
  ) s
  LEFT JOIN LATERAL (
    SELECT "createdAt", id, "amountPence" FROM transactions
    WHERE "businessId" = bid AND "customerId" = cid AND "deletedAt" IS NULL AND type = 'purchase'
    ORDER BY "createdAt", id LIMIT 1
  ) f ON true
  WHERE a."customerId" = cid
$$;

-- Every customer of the given businesses (all when NULL) recounted in one pass: the backfill
-- below, and bulk loads that write transactions with triggers off (bench seeds).
CREATE FUNCTION customer_activity_refresh(bids INTEGER[]) RETURNS void LANGUAGE sql AS $$
  WITH s AS (
    SELECT "customerId", min("businessId") AS bid, count(*) AS n, count(*) FILTER (WHERE type = 'purchase') AS purchases,
      COALESCE(sum("amountPence") FILTER (WHERE type = 'purchase'), 0) AS purchase_pence,
      COALESCE(sum("pointsEarned") FILTER (WHERE type <> 'gift_points'), 0) AS earned,
      COALESCE(sum("pointsRedeemed") FILTER (WHERE type <> 'gift_points'), 0) AS redeemed,
      COALESCE(sum("discountPence") FILTER (WHERE "discountPence" > 0), 0) AS discount
    FROM transactions WHERE (bids IS NULL OR "businessId" = ANY(bids)) AND "deletedAt" IS NULL
    GROUP BY "customerId"
  ), f AS (
    SELECT DISTINCT ON ("customerId") "customerId", "createdAt", id, "amountPence" FROM transactions
    WHERE (bids IS NULL OR "businessId" = ANY(bids)) AND "deletedAt" IS NULL AND type = 'purchase'
    ORDER BY "customerId", "createdAt", id
  )
  INSERT INTO customer_activity AS a ("customerId", "businessId", "liveTransactions", purchases, "purchasePence", "pointsEarned",
    "pointsRedeemed", "discountPence", "firstPurchaseAt", "firstPurchaseId", "firstPurchasePence")
  SELECT s."customerId", s.bid, s.n, s.purchases, s.purchase_pence, s.earned, s.redeemed, s.discount, f."createdAt", f.id, f."amountPence"
  FROM s LEFT JOIN f ON f."customerId" = s."customerId"
  ON CONFLICT ("customerId") DO UPDATE SET
    "liveTransactions" = EXCLUDED."liveTransactions", purchases = EXCLUDED.purchases, "purchasePence" = EXCLUDED."purchasePence",
    "pointsEarned" = EXCLUDED."pointsEarned", "pointsRedeemed" = EXCLUDED."pointsRedeemed", "discountPence" = EXCLUDED."discountPence",
    "firstPurchaseAt" = EXCLUDED."firstPurchaseAt", "firstPurchaseId" = EXCLUDED."firstPurchaseId", "firstPurchasePence" = EXCLUDED."firstPurchasePence"
$$;

CREATE FUNCTION customer_activity_on_transaction() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    IF NEW."deletedAt" IS NULL THEN
      INSERT INTO customer_activity AS a ("customerId", "businessId", "liveTransactions", purchases, "purchasePence", "pointsEarned",
        "pointsRedeemed", "discountPence", "firstPurchaseAt", "firstPurchaseId", "firstPurchasePence")
      VALUES (NEW."customerId", NEW."businessId", 1, (NEW.type = ''purchase'')::int,
        CASE WHEN NEW.type = ''purchase'' THEN NEW."amountPence" ELSE 0 END,
        CASE WHEN NEW.type <> ''gift_points'' THEN NEW."pointsEarned" ELSE 0 END,
        CASE WHEN NEW.type <> ''gift_points'' THEN NEW."pointsRedeemed" ELSE 0 END,
        GREATEST(NEW."discountPence", 0),
        CASE WHEN NEW.type = ''purchase'' THEN NEW."createdAt" END,
        CASE WHEN NEW.type = ''purchase'' THEN NEW.id END,
        CASE WHEN NEW.type = ''purchase'' THEN NEW."amountPence" END)
      ON CONFLICT ("customerId") DO UPDATE SET
        "liveTransactions" = a."liveTransactions" + 1,
        purchases = a.purchases + EXCLUDED.purchases,
        "purchasePence" = a."purchasePence" + EXCLUDED."purchasePence",
        "pointsEarned" = a."pointsEarned" + EXCLUDED."pointsEarned",
        "pointsRedeemed" = a."pointsRedeemed" + EXCLUDED."pointsRedeemed",
        "discountPence" = a."discountPence" + EXCLUDED."discountPence",
        "firstPurchaseAt" = CASE WHEN EXCLUDED."firstPurchaseAt" IS NOT NULL AND (a."firstPurchaseAt" IS NULL
          OR (EXCLUDED."firstPurchaseAt", EXCLUDED."firstPurchaseId") < (a."firstPurchaseAt", a."firstPurchaseId")) THEN EXCLUDED."firstPurchaseAt" ELSE a."firstPurchaseAt" END,
        "firstPurchaseId" = CASE WHEN EXCLUDED."firstPurchaseAt" IS NOT NULL AND (a."firstPurchaseAt" IS NULL
          OR (EXCLUDED."firstPurchaseAt", EXCLUDED."firstPurchaseId") < (a."firstPurchaseAt", a."firstPurchaseId")) THEN EXCLUDED."firstPurchaseId" ELSE a."firstPurchaseId" END,
        "firstPurchasePence" = CASE WHEN EXCLUDED."firstPurchaseAt" IS NOT NULL AND (a."firstPurchaseAt" IS NULL
          OR (EXCLUDED."firstPurchaseAt", EXCLUDED."firstPurchaseId") < (a."firstPurchaseAt", a."firstPurchaseId")) THEN EXCLUDED."firstPurchasePence" ELSE a."firstPurchasePence" END\x3B
    END IF\x3B
  ELSE
    PERFORM customer_activity_recount(OLD."businessId", OLD."customerId")\x3B
  END IF\x3B
  RETURN NULL\x3B
END
';

CREATE TRIGGER transactions_customer_activity
  AFTER INSERT OR DELETE OR UPDATE OF "deletedAt", "type", "amountPence", "pointsEarned", "pointsRedeemed", "discountPence", "createdAt" ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION customer_activity_on_transaction();

SELECT customer_activity_refresh(NULL);
