// Hand-written SQL for what each benchmarked endpoint answers, run over a direct pg connection in
// the same run: the floor the endpoint is compared with. Written the plain way (scalar subqueries,
// ORDER BY ... LIMIT), independently of the app's own statements. The all-time transaction figures
// read the per-customer rollups (customer_activity) as the app does: the reference is the best
// hand-written SQL over the same schema (docs/decisions.md); BASE_TABLE_SQL at the end computes the
// same figures from the transactions alone, shown beside it to say what the rollups save.
// Parameters (ISO strings for times): "business" $1 businessId; "stats" also $2 start of the 7-day
// window, $3 its end, $4 the 'active' cut-off; "weekly" $1 businessId and $2..$9 the 8 day boundaries.

export type EquivalentQuery = { sql: string; params: "business" | "stats" | "weekly" };

const LISTED = `"parkedAt" IS NULL AND "accountStatus" <> 'archived'`;

const CUSTOMER_LIST = `SELECT c.*, lc."applePassUrl", lc."googlePassUrl", lc."passkitStatus"
          FROM customers c LEFT JOIN loyalty_cards lc ON lc."customerId" = c.id
          WHERE c."businessId" = $1 AND c.${LISTED}
          ORDER BY c."createdAt" DESC, c.id DESC`;

/** The stats figures that no rollup holds (the week's, and the customer counts): the same in the
 *  rollup-based reference and the base-table one. */
const STATS_NOT_ROLLED_UP = `(SELECT count(*) FROM customers WHERE "businessId" = $1 AND ${LISTED} AND "createdAt" >= $2 AND "createdAt" < $3) AS weekly_signups,
      (SELECT sum("pointsEarned") FROM transactions WHERE "businessId" = $1 AND "deletedAt" IS NULL AND type <> 'gift_points' AND "createdAt" >= $2 AND "createdAt" < $3) AS weekly_points,
      (SELECT sum(CASE WHEN "discountType" = 'fixed' THEN round("discountValue" * 100) ELSE coalesce("maxDiscountPence", 0) END)
         FROM vouchers WHERE "businessId" = $1 AND status NOT IN ('cancelled', 'deleted') AND "createdAt" >= $2 AND "createdAt" < $3) AS weekly_vouchers,
      (SELECT count(*) FROM customers WHERE "businessId" = $1 AND ${LISTED}) AS total_customers,
      (SELECT count(*) FROM customers WHERE "businessId" = $1 AND ${LISTED} AND "accountStatus" = 'active' AND coalesce("lastVisit", "createdAt") > $4) AS active_customers,`;

export const EQUIVALENT_SQL: Record<string, EquivalentQuery> = {
  "GET /api/customers": { params: "business", sql: CUSTOMER_LIST },
  // The screens read the list a page at a time (the first 50, then pages of 1,000): the first page
  // of 1,000 (and the one row more the app reads to know another page follows).
  "GET /api/customers?limit=1000": { params: "business", sql: `${CUSTOMER_LIST} LIMIT 1001` },
  "GET /api/transactions": {
    params: "business",
    // The list's first page (500, newest first) with each row's customer; snoozed accounts hidden.
    sql: `SELECT t.*, c.id AS c_id, c.name AS c_name, c.email AS c_email, c."membershipNumber", c."totalPoints", r.id AS r_id, r.name AS r_name
          FROM transactions t JOIN customers c ON c.id = t."customerId" LEFT JOIN customers r ON r.id = t."recipientCustomerId"
          WHERE t."businessId" = $1 AND t."deletedAt" IS NULL AND c."accountStatus" NOT IN ('paused', 'snoozed')
          ORDER BY t.id DESC LIMIT 500`,
  },
  "GET /api/dashboard/stats": {
    params: "stats",
    sql: `SELECT
      ${STATS_NOT_ROLLED_UP}
      (SELECT sum("pointsEarned") FROM customer_activity WHERE "businessId" = $1) AS points_earned,
      (SELECT sum("purchasePence") FROM customer_activity WHERE "businessId" = $1) AS transaction_value,
      (SELECT sum("pointsRedeemed") FROM customer_activity WHERE "businessId" = $1) AS points_burned,
      (SELECT sum("totalPoints") FROM customers WHERE "businessId" = $1 AND ${LISTED} AND "accountStatus" <> 'closed' AND "totalPoints" > 0) AS points_to_claim,
      (SELECT sum(CASE WHEN "discountType" = 'fixed' THEN round("discountValue" * 100) ELSE coalesce("maxDiscountPence", 0) END)
         FROM vouchers WHERE "businessId" = $1 AND status NOT IN ('cancelled', 'deleted')) AS vouchers_value,
      (SELECT sum("discountPence") FROM customer_activity WHERE "businessId" = $1) AS vouchers_redeemed`,
  },
  "GET /api/dashboard/impact-stats": {
    params: "business",
    sql: `SELECT
        (SELECT count(*) FROM customers WHERE "businessId" = $1 AND ${LISTED}) AS total_customers,
        (SELECT count(*) FROM loyalty_cards lc JOIN customers c ON c.id = lc."customerId"
          WHERE lc."businessId" = $1 AND lc."passkitStatus" IN ('created', 'fallback') AND c."parkedAt" IS NULL
            AND c."accountStatus" NOT IN ('closed', 'archived')) AS active_cards,
        (SELECT sum("purchasePence") - sum("firstPurchasePence") FROM customer_activity WHERE "businessId" = $1) AS revenue_impact,
        (SELECT count(*) FROM customer_activity WHERE "businessId" = $1 AND purchases > 1) AS returning_customers`,
  },
  "GET /api/dashboard/super-fans": {
    params: "business",
    sql: `SELECT c.id, c.name, a."liveTransactions" FROM customer_activity a JOIN customers c ON c.id = a."customerId"
          WHERE a."businessId" = $1 AND a."liveTransactions" > 0 AND c.${LISTED}
          ORDER BY a."liveTransactions" DESC, a."customerId" LIMIT 5`,
  },
  "GET /api/dashboard/recent-customers": {
    params: "business",
    sql: `SELECT id, name, email, "createdAt", "membershipNumber" FROM customers
          WHERE "businessId" = $1 AND ${LISTED} ORDER BY "createdAt" DESC, id DESC LIMIT 5`,
  },
  "GET /api/dashboard/money-makers": {
    params: "business",
    sql: `SELECT id, name, "lifetimeSpentPence" FROM customers
          WHERE "businessId" = $1 AND ${LISTED} AND "lifetimeSpentPence" > 0
          ORDER BY "lifetimeSpentPence" DESC, id ASC LIMIT 5`,
  },
  "GET /api/dashboard/weekly-stats": {
    params: "weekly",
    sql: `SELECT d.day,
        (SELECT count(*) FROM customers WHERE "businessId" = $1 AND ${LISTED} AND "createdAt" >= d.s AND "createdAt" < d.e) AS signups,
        (SELECT count(*) FROM transactions WHERE "businessId" = $1 AND "deletedAt" IS NULL AND "createdAt" >= d.s AND "createdAt" < d.e) AS transactions,
        (SELECT sum("amountPence") FROM transactions WHERE "businessId" = $1 AND "deletedAt" IS NULL AND type = 'purchase' AND "createdAt" >= d.s AND "createdAt" < d.e) AS revenue,
        (SELECT sum("pointsEarned") FROM transactions WHERE "businessId" = $1 AND "deletedAt" IS NULL AND type <> 'gift_points' AND "createdAt" >= d.s AND "createdAt" < d.e) AS points
      FROM (VALUES (1, $2::timestamp, $3::timestamp), (2, $3, $4), (3, $4, $5), (4, $5, $6), (5, $6, $7), (6, $7, $8), (7, $8, $9)) AS d(day, s, e)
      ORDER BY d.day`,
  },
};

/** The same three figures from the base tables alone (every transaction of the business): shown
 *  beside the rollup-based reference so the table says what the rollups save. */
export const BASE_TABLE_SQL: Record<string, EquivalentQuery> = {
  "GET /api/dashboard/stats": {
    params: "stats",
    sql: `SELECT
      ${STATS_NOT_ROLLED_UP}
      (SELECT sum("pointsEarned") FROM transactions WHERE "businessId" = $1 AND "deletedAt" IS NULL AND type <> 'gift_points') AS points_earned,
      (SELECT sum("amountPence") FROM transactions WHERE "businessId" = $1 AND "deletedAt" IS NULL AND type = 'purchase') AS transaction_value,
      (SELECT sum("pointsRedeemed") FROM transactions WHERE "businessId" = $1 AND "deletedAt" IS NULL AND type <> 'gift_points') AS points_burned,
      (SELECT sum("totalPoints") FROM customers WHERE "businessId" = $1 AND ${LISTED} AND "accountStatus" <> 'closed' AND "totalPoints" > 0) AS points_to_claim,
      (SELECT sum(CASE WHEN "discountType" = 'fixed' THEN round("discountValue" * 100) ELSE coalesce("maxDiscountPence", 0) END)
         FROM vouchers WHERE "businessId" = $1 AND status NOT IN ('cancelled', 'deleted')) AS vouchers_value,
      (SELECT sum("discountPence") FROM transactions WHERE "businessId" = $1 AND "deletedAt" IS NULL AND "discountPence" > 0) AS vouchers_redeemed`,
  },
  "GET /api/dashboard/impact-stats": {
    params: "business",
    sql: `WITH p AS (
        SELECT "customerId", "amountPence", row_number() OVER (PARTITION BY "customerId" ORDER BY "createdAt", id) AS n
        FROM transactions WHERE "businessId" = $1 AND type = 'purchase' AND "deletedAt" IS NULL
      )
      SELECT
        (SELECT count(*) FROM customers WHERE "businessId" = $1 AND ${LISTED}) AS total_customers,
        (SELECT count(*) FROM loyalty_cards lc JOIN customers c ON c.id = lc."customerId"
          WHERE lc."businessId" = $1 AND lc."passkitStatus" IN ('created', 'fallback') AND c."parkedAt" IS NULL
            AND c."accountStatus" NOT IN ('closed', 'archived')) AS active_cards,
        (SELECT sum("amountPence") FROM p WHERE n > 1) AS revenue_impact,
        (SELECT count(DISTINCT "customerId") FROM p WHERE n > 1) AS returning_customers`,
  },
  "GET /api/dashboard/super-fans": {
    params: "business",
    sql: `SELECT c.id, c.name, count(*) AS n FROM transactions t JOIN customers c ON c.id = t."customerId"
          WHERE t."businessId" = $1 AND t."deletedAt" IS NULL AND c.${LISTED}
          GROUP BY c.id, c.name ORDER BY n DESC, c.id ASC LIMIT 5`,
  },
};
