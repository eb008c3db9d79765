-- Issue 23: customer_activity_refresh(bids) compared every transaction's business with every element
-- of bids in turn (a parameter array is not hashed the way a literal IN list is), so a bulk load of
-- 10,000 businesses took minutes. The same function with the ids as a hashed subplan: one lookup a row.
CREATE OR REPLACE FUNCTION customer_activity_refresh(bids INTEGER[]) RETURNS void LANGUAGE sql AS $$
  WITH s AS (
    SELECT "customerId", min("businessId") AS bid, count(*) AS n, count(*) FILTER (WHERE type = 'purchase') AS purchases,
      COALESCE(sum("amountPence") FILTER (WHERE type = 'purchase'), 0) AS purchase_pence,
      COALESCE(sum("pointsEarned") FILTER (WHERE type <> 'gift_points'), 0) AS earned,
      COALESCE(sum("pointsRedeemed") FILTER (WHERE type <> 'gift_points'), 0) AS redeemed,
      COALESCE(sum("discountPence") FILTER (WHERE "discountPence" > 0), 0) AS discount
    FROM transactions WHERE (bids IS NULL OR "businessId" IN (SELECT unnest(bids))) AND "deletedAt" IS NULL
    GROUP BY "customerId"
  ), f AS (
    SELECT DISTINCT ON ("customerId") "customerId", "createdAt", id, "amountPence" FROM transactions
    WHERE (bids IS NULL OR "businessId" IN (SELECT unnest(bids))) AND "deletedAt" IS NULL AND type = 'purchase'
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
