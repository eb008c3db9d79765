// Hand-written SQL for what each benchmarked endpoint answers, run over a direct pg connection in
// the same run: the floor the endpoint is compared with. Written the plain way (scalar subqueries,
// ORDER BY ... LIMIT), independently of the app's own statements. The dashboard's figures read the
// rollups the app reads (the reference is the best hand-written SQL over the same schema,
// docs/decisions.md): super-fans the per-customer rollups (customer_activity); stats, impact-stats
// and weekly-stats the per-business ones (dashboard_totals, dashboard_days and the deltas the
// triggers appended since the last fold, issue 23), with the one day of the 'active' cut-off
// counted from the customers. BASE_TABLE_SQL at the end computes the same figures from the base
// tables alone, shown beside it to say what the rollups save.
// Parameters (ISO strings for times): "business" $1 businessId; "stats" also $2 start of the 7-day
// window, $3 its end, $4 the 'active' cut-off; "weekly" $1 businessId and $2..$9 the 8 day boundaries.
// UK days of those instants: dashboard_uk_day (migration 20261126032600_dashboard_rollups).

export type EquivalentQuery = { sql: string; params: "business" | "stats" | "weekly" };

const LISTED = `"parkedAt" IS NULL AND "accountStatus" <> 'archived'`;

/** The per-day rollups of business $1 on the days `range` selects: compacted rows and pending deltas. */
const ROLLUP_DAYS = (range: string) => `SELECT day, signups, transactions, "revenuePence", "pointsEarned", "voucherPence", "lastSeen"
          FROM dashboard_days WHERE "businessId" = $1 AND ${range}
        UNION ALL
        SELECT day, signups, transactions, "revenuePence", "pointsEarned", "voucherPence", "lastSeen"
          FROM dashboard_day_deltas WHERE "businessId" = $1 AND ${range}`;
/** The 7 days of the stats window ($2 start, $3 end). */
const IN_WEEK = `day >= dashboard_uk_day($2::timestamp) AND day < dashboard_uk_day($3::timestamp)`;
/** The end of the UK day of the 'active' cut-off $4 (its next midnight), as a stored timestamp. */
const CUT_OFF_DAY_END = `(((dashboard_uk_day($4::timestamp) + 1)::timestamp AT TIME ZONE 'Europe/London') AT TIME ZONE 'UTC')`;

const CUSTOMER_LIST = `SELECT c.*, lc."applePassUrl", lc."googlePassUrl", lc."passkitStatus"
          FROM customers c LEFT JOIN loyalty_cards lc ON lc."customerId" = c.id
          WHERE c."businessId" = $1 AND c.${LISTED}
          ORDER BY c."createdAt" DESC, c.id DESC`;

/** The stats figures of the week and of the customers, from the base tables. */
const STATS_WEEK_AND_CUSTOMERS = `(SELECT count(*) FROM customers WHERE "businessId" = $1 AND ${LISTED} AND "createdAt" >= $2 AND "createdAt" < $3) AS weekly_signups,
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
    sql: `WITH t AS (
        SELECT sum(customers) AS customers, sum("pointsToClaim") AS points_to_claim, sum("pointsEarned") AS points_earned,
          sum("purchasePence") AS transaction_value, sum("pointsRedeemed") AS points_burned, sum("voucherPence") AS vouchers_value,
          sum("discountPence") AS vouchers_redeemed
        FROM (SELECT * FROM dashboard_totals WHERE "businessId" = $1 UNION ALL SELECT * FROM dashboard_total_deltas WHERE "businessId" = $1) r
      ), d AS (
        ${ROLLUP_DAYS(`day >= dashboard_uk_day($4::timestamp)`)}
      )
      SELECT
        (SELECT sum(signups) FROM d WHERE ${IN_WEEK}) AS weekly_signups,
        (SELECT sum("pointsEarned") FROM d WHERE ${IN_WEEK}) AS weekly_points,
        (SELECT sum("voucherPence") FROM d WHERE ${IN_WEEK}) AS weekly_vouchers,
        t.customers AS total_customers,
        (SELECT sum("lastSeen") FROM d WHERE day > dashboard_uk_day($4::timestamp))
          + (SELECT count(*) FROM customers WHERE "businessId" = $1 AND ${LISTED} AND "accountStatus" = 'active'
              AND (("lastVisit" > $4 AND "lastVisit" < ${CUT_OFF_DAY_END}) OR ("lastVisit" IS NULL AND "createdAt" > $4 AND "createdAt" < ${CUT_OFF_DAY_END}))) AS active_customers,
        t.points_earned, t.transaction_value, t.points_burned, t.points_to_claim, t.vouchers_value, t.vouchers_redeemed
      FROM t`,
  },
  "GET /api/dashboard/impact-stats": {
    params: "business",
    sql: `SELECT sum(customers) AS total_customers, sum("activeCards") AS active_cards, sum("purchasePence") - sum("firstPurchasePence") AS revenue_impact,
        sum("returningCustomers") AS returning_customers
      FROM (SELECT * FROM dashboard_totals WHERE "businessId" = $1 UNION ALL SELECT * FROM dashboard_total_deltas WHERE "businessId" = $1) r`,
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
    sql: `WITH d AS (
        SELECT day, sum(signups) AS signups, sum(transactions) AS transactions, sum("revenuePence") AS revenue, sum("pointsEarned") AS points
        FROM (${ROLLUP_DAYS(`day >= dashboard_uk_day($2::timestamp) AND day < dashboard_uk_day($9::timestamp)`)}) r
        GROUP BY day
      )
      SELECT w.n AS day, d.signups, d.transactions, d.revenue, d.points
      FROM (VALUES (1, $2::timestamp), (2, $3), (3, $4), (4, $5), (5, $6), (6, $7), (7, $8)) AS w(n, s)
      LEFT JOIN d ON d.day = dashboard_uk_day(w.s)
      ORDER BY w.n`,
  },
};

/** The same figures from the base tables alone (every customer, card, voucher and transaction of
 *  the business): shown beside the rollup-based reference so the table says what the rollups save. */
export const BASE_TABLE_SQL: Record<string, EquivalentQuery> = {
  "GET /api/dashboard/stats": {
    params: "stats",
    sql: `SELECT
      ${STATS_WEEK_AND_CUSTOMERS}
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
