-- Issue 23: the dashboard's stats, impact-stats and weekly-stats read per-business rollups instead of
-- the business's customers, customer rollups and the week's transactions, so they do not grow with
-- the business. Two rollups, each as a compacted table plus an append-only table of deltas:
--   dashboard_days (business, UK day): sign-ups, live transactions, purchase pence, points earned
--     (gifts excluded), value of raised vouchers, and lastSeen = listed active customers whose last
--     visit (or sign-up) falls on that day (the 'active customers' count reads the days after the
--     cut-off's day and counts the cut-off's own day from the customers).
--   dashboard_totals (business): listed customers, points to claim, active cards, the all-time
--     transaction figures (the sums of customer_activity), first purchases' pence, returning
--     customers, value of raised vouchers.
-- Row triggers on transactions, customer_activity, customers, loyalty_cards and vouchers only ever
-- INSERT a delta row (never UPDATE a shared row), so concurrent purchases of one cafe take no common
-- row lock. A cron (GET /api/cron/dashboard-rollups, every minute, under the job lease) folds the
-- deltas into the compacted tables in one statement. Readers sum compacted row(s) and pending deltas
-- in one statement (one snapshot), so a fold in between never shows half-done.
-- No foreign keys: a delta insert must not lock the business row. The fold drops deltas of
-- businesses that no longer exist.
-- NOTE: the migration runner splits scripts at every semicolon character, so no comment here has one
-- and PL/pgSQL bodies are E'' strings whose semicolons are written as the escape \073.

-- The UK calendar day of a stored timestamp (UTC wall clock without a zone, as Prisma writes them).
CREATE FUNCTION dashboard_uk_day(ts TIMESTAMP) RETURNS DATE LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((ts AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/London')::date
$$;

CREATE TABLE "dashboard_days" (
    "businessId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "signups" INTEGER NOT NULL DEFAULT 0,
    "transactions" INTEGER NOT NULL DEFAULT 0,
    "revenuePence" BIGINT NOT NULL DEFAULT 0,
    "pointsEarned" BIGINT NOT NULL DEFAULT 0,
    "voucherPence" BIGINT NOT NULL DEFAULT 0,
    "lastSeen" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "dashboard_days_pkey" PRIMARY KEY ("businessId", "day")
);

-- The deltas have the columns of their compacted table (same order), with no key.
CREATE TABLE "dashboard_day_deltas" (LIKE "dashboard_days" INCLUDING DEFAULTS);
CREATE INDEX "dashboard_day_deltas_businessId_day_idx" ON "dashboard_day_deltas"("businessId", "day");

CREATE TABLE "dashboard_totals" (
    "businessId" INTEGER NOT NULL,
    "customers" INTEGER NOT NULL DEFAULT 0,
    "pointsToClaim" BIGINT NOT NULL DEFAULT 0,
    "activeCards" INTEGER NOT NULL DEFAULT 0,
    "pointsEarned" BIGINT NOT NULL DEFAULT 0,
    "pointsRedeemed" BIGINT NOT NULL DEFAULT 0,
    "purchasePence" BIGINT NOT NULL DEFAULT 0,
    "discountPence" BIGINT NOT NULL DEFAULT 0,
    "firstPurchasePence" BIGINT NOT NULL DEFAULT 0,
    "returningCustomers" INTEGER NOT NULL DEFAULT 0,
    "voucherPence" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "dashboard_totals_pkey" PRIMARY KEY ("businessId")
);

CREATE TABLE "dashboard_total_deltas" (LIKE "dashboard_totals" INCLUDING DEFAULTS);
CREATE INDEX "dashboard_total_deltas_businessId_idx" ON "dashboard_total_deltas"("businessId");

-- Transactions: a live (not deleted) transaction counts on its UK day. An insert adds it, a delete
-- or soft delete takes it off, an edit takes the old row off and adds the new one.
CREATE FUNCTION dashboard_on_transaction() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO dashboard_day_deltas ("businessId", day, transactions, "revenuePence", "pointsEarned")
  SELECT b, d, sum(n), sum(r), sum(p) FROM (VALUES
    (CASE WHEN TG_OP <> ''INSERT'' AND OLD."deletedAt" IS NULL THEN OLD."businessId" END, dashboard_uk_day(OLD."createdAt"), -1,
      CASE WHEN OLD.type = ''purchase'' THEN -OLD."amountPence"::bigint ELSE 0 END,
      CASE WHEN OLD.type <> ''gift_points'' THEN -OLD."pointsEarned"::bigint ELSE 0 END),
    (CASE WHEN TG_OP <> ''DELETE'' AND NEW."deletedAt" IS NULL THEN NEW."businessId" END, dashboard_uk_day(NEW."createdAt"), 1,
      CASE WHEN NEW.type = ''purchase'' THEN NEW."amountPence"::bigint ELSE 0 END,
      CASE WHEN NEW.type <> ''gift_points'' THEN NEW."pointsEarned"::bigint ELSE 0 END)
  ) v(b, d, n, r, p)
  WHERE b IS NOT NULL
  GROUP BY b, d
  HAVING sum(n) <> 0 OR sum(r) <> 0 OR sum(p) <> 0\073
  RETURN NULL\073
END
';

CREATE TRIGGER transactions_dashboard
  AFTER INSERT OR DELETE OR UPDATE OF "deletedAt", "type", "amountPence", "pointsEarned", "createdAt", "businessId" ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION dashboard_on_transaction();

-- customer_activity (itself kept by the transactions trigger): its change, row by row, is the
-- change of the all-time sums (a customer row that goes away takes its figures with it).
CREATE FUNCTION dashboard_on_customer_activity() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO dashboard_total_deltas ("businessId", "pointsEarned", "pointsRedeemed", "purchasePence", "discountPence", "firstPurchasePence", "returningCustomers")
  SELECT b, sum(e), sum(r), sum(p), sum(dp), sum(f), sum(rc) FROM (VALUES
    (CASE WHEN TG_OP <> ''INSERT'' THEN OLD."businessId" END, -OLD."pointsEarned", -OLD."pointsRedeemed", -OLD."purchasePence", -OLD."discountPence",
      -COALESCE(OLD."firstPurchasePence", 0)::bigint, -(OLD.purchases > 1)::int),
    (CASE WHEN TG_OP <> ''DELETE'' THEN NEW."businessId" END, NEW."pointsEarned", NEW."pointsRedeemed", NEW."purchasePence", NEW."discountPence",
      COALESCE(NEW."firstPurchasePence", 0)::bigint, (NEW.purchases > 1)::int)
  ) v(b, e, r, p, dp, f, rc)
  WHERE b IS NOT NULL
  GROUP BY b
  HAVING sum(e) <> 0 OR sum(r) <> 0 OR sum(p) <> 0 OR sum(dp) <> 0 OR sum(f) <> 0 OR sum(rc) <> 0\073
  RETURN NULL\073
END
';

CREATE TRIGGER customer_activity_dashboard
  AFTER INSERT OR DELETE OR UPDATE ON "customer_activity"
  FOR EACH ROW EXECUTE FUNCTION dashboard_on_customer_activity();

-- Customers: listed = neither parked nor archived (the hub's list). A listed customer counts once,
-- as a sign-up on its UK day, with its balance in points to claim unless closed, with its issued
-- cards (created or fallback) unless closed, and in lastSeen on the day of its last visit (or
-- sign-up) when its account is active. Deletes run BEFORE the row goes, while its card is still
-- there (the card goes by cascade, and the card trigger then finds no customer and adds nothing).
CREATE FUNCTION dashboard_on_customer() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  o_listed BOOLEAN := TG_OP <> ''INSERT'' AND OLD."parkedAt" IS NULL AND OLD."accountStatus" <> ''archived''\073
  n_listed BOOLEAN := TG_OP <> ''DELETE'' AND NEW."parkedAt" IS NULL AND NEW."accountStatus" <> ''archived''\073
  o_elig BOOLEAN := o_listed AND OLD."accountStatus" <> ''closed''\073
  n_elig BOOLEAN := n_listed AND NEW."accountStatus" <> ''closed''\073
  o_seen BOOLEAN := o_listed AND OLD."accountStatus" = ''active''\073
  n_seen BOOLEAN := n_listed AND NEW."accountStatus" = ''active''\073
  o_ptc BIGINT := CASE WHEN o_elig AND OLD."totalPoints" > 0 THEN OLD."totalPoints" ELSE 0 END\073
  n_ptc BIGINT := CASE WHEN n_elig AND NEW."totalPoints" > 0 THEN NEW."totalPoints" ELSE 0 END\073
  cards INTEGER := 0\073
BEGIN
  IF TG_OP = ''UPDATE'' AND o_elig <> n_elig THEN
    SELECT count(*) INTO cards FROM loyalty_cards WHERE "customerId" = NEW.id AND "passkitStatus" IN (''created'', ''fallback'')\073
    cards := CASE WHEN n_elig THEN cards ELSE -cards END\073
  ELSIF TG_OP = ''DELETE'' AND o_elig THEN
    SELECT -count(*) INTO cards FROM loyalty_cards WHERE "customerId" = OLD.id AND "passkitStatus" IN (''created'', ''fallback'')\073
  END IF\073

  IF TG_OP <> ''UPDATE'' OR o_listed <> n_listed OR o_ptc <> n_ptc OR cards <> 0 OR OLD."businessId" <> NEW."businessId" THEN
    INSERT INTO dashboard_total_deltas ("businessId", customers, "pointsToClaim", "activeCards")
    SELECT b, sum(c), sum(p), sum(k) FROM (VALUES
      (CASE WHEN TG_OP <> ''INSERT'' THEN OLD."businessId" END, -o_listed::int, -o_ptc, 0),
      (CASE WHEN TG_OP <> ''DELETE'' THEN NEW."businessId" END, n_listed::int, n_ptc, 0),
      (CASE WHEN cards <> 0 THEN COALESCE(NEW."businessId", OLD."businessId") END, 0, 0, cards)
    ) v(b, c, p, k)
    WHERE b IS NOT NULL
    GROUP BY b
    HAVING sum(c) <> 0 OR sum(p) <> 0 OR sum(k) <> 0\073
  END IF\073

  IF TG_OP <> ''UPDATE'' OR o_listed <> n_listed OR o_seen <> n_seen OR OLD."createdAt" <> NEW."createdAt" OR OLD."businessId" <> NEW."businessId"
    OR COALESCE(OLD."lastVisit", OLD."createdAt") <> COALESCE(NEW."lastVisit", NEW."createdAt") THEN
    INSERT INTO dashboard_day_deltas ("businessId", day, signups, "lastSeen")
    SELECT b, d, sum(s), sum(l) FROM (VALUES
      (CASE WHEN o_listed THEN OLD."businessId" END, dashboard_uk_day(OLD."createdAt"), -1, 0),
      (CASE WHEN o_seen THEN OLD."businessId" END, dashboard_uk_day(COALESCE(OLD."lastVisit", OLD."createdAt")), 0, -1),
      (CASE WHEN n_listed THEN NEW."businessId" END, dashboard_uk_day(NEW."createdAt"), 1, 0),
      (CASE WHEN n_seen THEN NEW."businessId" END, dashboard_uk_day(COALESCE(NEW."lastVisit", NEW."createdAt")), 0, 1)
    ) v(b, d, s, l)
    WHERE b IS NOT NULL
    GROUP BY b, d
    HAVING sum(s) <> 0 OR sum(l) <> 0\073
  END IF\073

  IF TG_OP = ''DELETE'' THEN
    RETURN OLD\073
  END IF\073
  RETURN NULL\073
END
';

CREATE TRIGGER customers_dashboard
  AFTER INSERT OR UPDATE OF "parkedAt", "accountStatus", "totalPoints", "lastVisit", "createdAt", "businessId" ON "customers"
  FOR EACH ROW EXECUTE FUNCTION dashboard_on_customer();

CREATE TRIGGER customers_dashboard_delete
  BEFORE DELETE ON "customers"
  FOR EACH ROW EXECUTE FUNCTION dashboard_on_customer();

-- Cards: an issued card (created or fallback) counts while its customer is neither parked, closed
-- nor archived. The customer row is read FOR SHARE, so a status change of that customer running
-- at the same time waits for this one (or this one for it) and each sees the other's result.
CREATE FUNCTION dashboard_on_loyalty_card() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  o_card INTEGER := 0\073
  n_card INTEGER := 0\073
BEGIN
  IF TG_OP <> ''INSERT'' AND OLD."passkitStatus" IN (''created'', ''fallback'') THEN
    SELECT count(*) INTO o_card FROM (SELECT 1 FROM customers c WHERE c.id = OLD."customerId" AND c."parkedAt" IS NULL
      AND c."accountStatus" NOT IN (''closed'', ''archived'') FOR SHARE) x\073
  END IF\073
  IF TG_OP <> ''DELETE'' AND NEW."passkitStatus" IN (''created'', ''fallback'') THEN
    SELECT count(*) INTO n_card FROM (SELECT 1 FROM customers c WHERE c.id = NEW."customerId" AND c."parkedAt" IS NULL
      AND c."accountStatus" NOT IN (''closed'', ''archived'') FOR SHARE) x\073
  END IF\073
  IF TG_OP = ''UPDATE'' AND o_card = n_card AND OLD."businessId" = NEW."businessId" THEN
    RETURN NULL\073
  END IF\073
  INSERT INTO dashboard_total_deltas ("businessId", "activeCards")
  SELECT OLD."businessId", -o_card WHERE o_card <> 0
  UNION ALL
  SELECT NEW."businessId", n_card WHERE n_card <> 0\073
  RETURN NULL\073
END
';

CREATE TRIGGER loyalty_cards_dashboard
  AFTER INSERT OR DELETE OR UPDATE OF "passkitStatus", "customerId", "businessId" ON "loyalty_cards"
  FOR EACH ROW EXECUTE FUNCTION dashboard_on_loyalty_card();

-- Vouchers: a raised voucher (neither cancelled nor deleted) is worth its fixed value, or a
-- percentage voucher's cap (nothing without one), all time and on its UK day of creation.
CREATE FUNCTION dashboard_voucher_pence(discount_type TEXT, discount_value NUMERIC, max_discount_pence INTEGER) RETURNS BIGINT
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN discount_type = 'fixed' THEN round(discount_value * 100)::bigint ELSE COALESCE(max_discount_pence, 0)::bigint END
$$;

CREATE FUNCTION dashboard_on_voucher() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  o_pence BIGINT := 0\073
  n_pence BIGINT := 0\073
BEGIN
  IF TG_OP <> ''INSERT'' AND OLD.status NOT IN (''cancelled'', ''deleted'') THEN
    o_pence := dashboard_voucher_pence(OLD."discountType", OLD."discountValue", OLD."maxDiscountPence")\073
  END IF\073
  IF TG_OP <> ''DELETE'' AND NEW.status NOT IN (''cancelled'', ''deleted'') THEN
    n_pence := dashboard_voucher_pence(NEW."discountType", NEW."discountValue", NEW."maxDiscountPence")\073
  END IF\073
  IF TG_OP = ''UPDATE'' AND o_pence = n_pence AND OLD."businessId" = NEW."businessId" AND dashboard_uk_day(OLD."createdAt") = dashboard_uk_day(NEW."createdAt") THEN
    RETURN NULL\073
  END IF\073
  INSERT INTO dashboard_total_deltas ("businessId", "voucherPence")
  SELECT OLD."businessId", -o_pence WHERE o_pence <> 0 AND (TG_OP = ''DELETE'' OR n_pence <> o_pence OR OLD."businessId" <> NEW."businessId")
  UNION ALL
  SELECT NEW."businessId", n_pence WHERE n_pence <> 0 AND (TG_OP = ''INSERT'' OR n_pence <> o_pence OR OLD."businessId" <> NEW."businessId")\073
  INSERT INTO dashboard_day_deltas ("businessId", day, "voucherPence")
  SELECT b, d, sum(p) FROM (VALUES
    (CASE WHEN o_pence <> 0 THEN OLD."businessId" END, dashboard_uk_day(OLD."createdAt"), -o_pence),
    (CASE WHEN n_pence <> 0 THEN NEW."businessId" END, dashboard_uk_day(NEW."createdAt"), n_pence)
  ) v(b, d, p)
  WHERE b IS NOT NULL
  GROUP BY b, d
  HAVING sum(p) <> 0\073
  RETURN NULL\073
END
';

CREATE TRIGGER vouchers_dashboard
  AFTER INSERT OR DELETE OR UPDATE OF "status", "discountType", "discountValue", "maxDiscountPence", "createdAt", "businessId" ON "vouchers"
  FOR EACH ROW EXECUTE FUNCTION dashboard_on_voucher();

-- The fold: every pending delta into the compacted tables, in one statement (the deltas a later
-- commit adds stay for the next run). Deltas of deleted businesses are dropped.
CREATE FUNCTION dashboard_rollups_compact() RETURNS TABLE ("dayDeltas" BIGINT, "totalDeltas" BIGINT) LANGUAGE sql AS $$
  WITH dd AS (
    DELETE FROM dashboard_day_deltas RETURNING *
  ), td AS (
    DELETE FROM dashboard_total_deltas RETURNING *
  ), di AS (
    INSERT INTO dashboard_days AS r ("businessId", day, signups, transactions, "revenuePence", "pointsEarned", "voucherPence", "lastSeen")
    SELECT dd."businessId", dd.day, sum(dd.signups), sum(dd.transactions), sum(dd."revenuePence"), sum(dd."pointsEarned"), sum(dd."voucherPence"), sum(dd."lastSeen")
    FROM dd WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = dd."businessId")
    GROUP BY dd."businessId", dd.day
    ON CONFLICT ("businessId", day) DO UPDATE SET
      signups = r.signups + EXCLUDED.signups, transactions = r.transactions + EXCLUDED.transactions,
      "revenuePence" = r."revenuePence" + EXCLUDED."revenuePence", "pointsEarned" = r."pointsEarned" + EXCLUDED."pointsEarned",
      "voucherPence" = r."voucherPence" + EXCLUDED."voucherPence", "lastSeen" = r."lastSeen" + EXCLUDED."lastSeen"
    RETURNING 1
  ), ti AS (
    INSERT INTO dashboard_totals AS r ("businessId", customers, "pointsToClaim", "activeCards", "pointsEarned", "pointsRedeemed", "purchasePence",
      "discountPence", "firstPurchasePence", "returningCustomers", "voucherPence")
    SELECT td."businessId", sum(td.customers), sum(td."pointsToClaim"), sum(td."activeCards"), sum(td."pointsEarned"), sum(td."pointsRedeemed"),
      sum(td."purchasePence"), sum(td."discountPence"), sum(td."firstPurchasePence"), sum(td."returningCustomers"), sum(td."voucherPence")
    FROM td WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = td."businessId")
    GROUP BY td."businessId"
    ON CONFLICT ("businessId") DO UPDATE SET
      customers = r.customers + EXCLUDED.customers, "pointsToClaim" = r."pointsToClaim" + EXCLUDED."pointsToClaim",
      "activeCards" = r."activeCards" + EXCLUDED."activeCards", "pointsEarned" = r."pointsEarned" + EXCLUDED."pointsEarned",
      "pointsRedeemed" = r."pointsRedeemed" + EXCLUDED."pointsRedeemed", "purchasePence" = r."purchasePence" + EXCLUDED."purchasePence",
      "discountPence" = r."discountPence" + EXCLUDED."discountPence", "firstPurchasePence" = r."firstPurchasePence" + EXCLUDED."firstPurchasePence",
      "returningCustomers" = r."returningCustomers" + EXCLUDED."returningCustomers", "voucherPence" = r."voucherPence" + EXCLUDED."voucherPence"
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM dd), (SELECT count(*) FROM td)
$$;

-- Both rollups of the given businesses (all when NULL) recounted from the base tables in one pass:
-- the backfill below, and bulk loads that write with triggers off (bench seeds, after
-- customer_activity_refresh, whose rows the all-time transaction figures are summed from). Not for
-- businesses being written to at the same time.
CREATE FUNCTION dashboard_rollups_refresh(bids INTEGER[]) RETURNS void LANGUAGE plpgsql AS E'
BEGIN
  DELETE FROM dashboard_day_deltas WHERE bids IS NULL OR "businessId" IN (SELECT unnest(bids))\073
  DELETE FROM dashboard_total_deltas WHERE bids IS NULL OR "businessId" IN (SELECT unnest(bids))\073
  DELETE FROM dashboard_days WHERE bids IS NULL OR "businessId" IN (SELECT unnest(bids))\073
  DELETE FROM dashboard_totals WHERE bids IS NULL OR "businessId" IN (SELECT unnest(bids))\073

  INSERT INTO dashboard_days ("businessId", day, signups, transactions, "revenuePence", "pointsEarned", "voucherPence", "lastSeen")
  SELECT b, d, sum(s), sum(n), sum(r), sum(p), sum(v), sum(l) FROM (
    SELECT "businessId" AS b, dashboard_uk_day("createdAt") AS d, 0 AS s, count(*) AS n,
      COALESCE(sum("amountPence") FILTER (WHERE type = ''purchase''), 0) AS r,
      COALESCE(sum("pointsEarned") FILTER (WHERE type <> ''gift_points''), 0) AS p, 0 AS v, 0 AS l
    FROM transactions WHERE (bids IS NULL OR "businessId" IN (SELECT unnest(bids))) AND "deletedAt" IS NULL
    GROUP BY 1, 2
    UNION ALL
    SELECT "businessId", dashboard_uk_day("createdAt"), count(*), 0, 0, 0, 0, 0
    FROM customers WHERE (bids IS NULL OR "businessId" IN (SELECT unnest(bids))) AND "parkedAt" IS NULL AND "accountStatus" <> ''archived''
    GROUP BY 1, 2
    UNION ALL
    SELECT "businessId", dashboard_uk_day(COALESCE("lastVisit", "createdAt")), 0, 0, 0, 0, 0, count(*)
    FROM customers WHERE (bids IS NULL OR "businessId" IN (SELECT unnest(bids))) AND "parkedAt" IS NULL AND "accountStatus" = ''active''
    GROUP BY 1, 2
    UNION ALL
    SELECT "businessId", dashboard_uk_day("createdAt"), 0, 0, 0, 0, sum(dashboard_voucher_pence("discountType", "discountValue", "maxDiscountPence")), 0
    FROM vouchers WHERE (bids IS NULL OR "businessId" IN (SELECT unnest(bids))) AND status NOT IN (''cancelled'', ''deleted'')
    GROUP BY 1, 2
  ) x
  GROUP BY b, d\073

  INSERT INTO dashboard_totals ("businessId", customers, "pointsToClaim", "activeCards", "pointsEarned", "pointsRedeemed", "purchasePence",
    "discountPence", "firstPurchasePence", "returningCustomers", "voucherPence")
  SELECT b, sum(c), sum(ptc), sum(k), sum(e), sum(rd), sum(pp), sum(dp), sum(f), sum(rc), sum(v) FROM (
    SELECT "businessId" AS b, count(*) AS c,
      COALESCE(sum("totalPoints") FILTER (WHERE "accountStatus" <> ''closed'' AND "totalPoints" > 0), 0) AS ptc,
      0 AS k, 0 AS e, 0 AS rd, 0 AS pp, 0 AS dp, 0 AS f, 0 AS rc, 0 AS v
    FROM customers WHERE (bids IS NULL OR "businessId" IN (SELECT unnest(bids))) AND "parkedAt" IS NULL AND "accountStatus" <> ''archived''
    GROUP BY 1
    UNION ALL
    SELECT lc."businessId", 0, 0, count(*), 0, 0, 0, 0, 0, 0, 0
    FROM loyalty_cards lc JOIN customers c ON c.id = lc."customerId"
    WHERE (bids IS NULL OR lc."businessId" IN (SELECT unnest(bids))) AND lc."passkitStatus" IN (''created'', ''fallback'')
      AND c."parkedAt" IS NULL AND c."accountStatus" NOT IN (''closed'', ''archived'')
    GROUP BY 1
    UNION ALL
    SELECT "businessId", 0, 0, 0, sum("pointsEarned"), sum("pointsRedeemed"), sum("purchasePence"), sum("discountPence"),
      COALESCE(sum("firstPurchasePence"), 0), count(*) FILTER (WHERE purchases > 1), 0
    FROM customer_activity WHERE bids IS NULL OR "businessId" IN (SELECT unnest(bids))
    GROUP BY 1
    UNION ALL
    SELECT "businessId", 0, 0, 0, 0, 0, 0, 0, 0, 0, sum(dashboard_voucher_pence("discountType", "discountValue", "maxDiscountPence"))
    FROM vouchers WHERE (bids IS NULL OR "businessId" IN (SELECT unnest(bids))) AND status NOT IN (''cancelled'', ''deleted'')
    GROUP BY 1
  ) x
  GROUP BY b\073
END
';

SELECT dashboard_rollups_refresh(NULL);
