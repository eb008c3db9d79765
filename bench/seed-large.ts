// Seeds one large business for benchmarks: N customers (each with a loyalty card), M transactions
// with their points-ledger rows, and some vouchers, written by a handful of set-based INSERT ...
// SELECT FROM generate_series statements inside one transaction (10,000 customers and 200,000
// transactions take a few seconds on PostgreSQL). The data is pseudo-random but repeatable
// (setseed), spread over the two years before `now`, with a skew so that some customers are far
// more active than others, and a little of everything the dashboard must handle: soft-deleted
// transactions, gifts, redemptions, discounts, parked, snoozed and closed customers.
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { backendPid, processCpuSeconds } from "./lib/backend-cpu";
import { beginBulkLoad } from "./lib/bulk-load";

// Real-looking names (issue 23): the search indexes must be measured on names that differ, not
// on 100,000 "Customer No<i>" that all share every trigram of "customer".
const FIRSTS = "Oliver Amelia George Isla Harry Ava Noah Mia Jack Ivy Leo Lily Arthur Freya Muhammad Florence Oscar Willow Charlie Emily Jacob Ella Thomas Sophia Henry Grace Theo Evie Alfie Poppy Joshua Zoë Siobhán Dáire Aleksander Priya Chen Fatima Kwame Ngozi".split(" ");
const LASTS = "Smith Jones Taylor Brown Williams Wilson Johnson Davies Patel Wright Robinson Wood Thompson Evans Walker White Roberts Green Hall Thomas Clarke Jackson Wood Harris Edwards Turner Martin Cooper Hill Ward Hughes Moore Clark King Harrison Lewis Baker Lee Allen Morris Khan Scott Watson Davis Parker James Bennett Young Phillips Richardson Mitchell Bailey Carter Cook Singh Shaw Bell Collins Morgan Kelly O'Brien Nowak Okafor Súilleabháin".split(" ");
const sqlList = (xs: string[]) => xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(", ");
const FIRST_NAMES = sqlList(FIRSTS);
const LAST_NAMES = sqlList(LASTS);
const FIRST_COUNT = FIRSTS.length;
const LAST_COUNT = LASTS.length;

export type SeedOptions = {
  customers: number;
  transactions: number;
  vouchers?: number;
  now?: Date;
  /** 0..1, for setseed: the same seed gives the same data. */
  seed?: number;
  label?: string;
  /** Marketing consent (issue 23's export): 90% by email, the rest and a third of those by SMS, so
   *  every customer is on the marketing list. Off by default (no consent, as the app's default). */
  consent?: boolean;
};

export type SeedResult = { businessId: number; email: string; customers: number; transactions: number; vouchers: number; ledgerRows: number; ms: number; /** the seeding backend's CPU seconds (null off this machine) */ dbCpuSeconds: number | null };

export async function seedLargeBusiness(url: string, opts: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const now = opts.now ?? new Date();
  const vouchers = opts.vouchers ?? Math.round(opts.customers / 2);
  const tag = randomBytes(4).toString("hex");
  const email = `bench-${tag}@bench.example`;
  const client = new Client({ connectionString: url });
  await client.connect();
  const pid = await backendPid(client);
  try {
    await beginBulkLoad(client, opts.seed ?? 0.42);
    const nowTs = now.toISOString();

    const business = await client.query<{ id: number }>(
      `INSERT INTO businesses (name, "businessAddress", phone, email, "ownerFirstName", "ownerLastName", "passwordHash",
         "subscriptionStatus", "customerLimit", "createdAt", "updatedAt")
       VALUES ($1, '1 Bench Street, Bristol BS1 1AA', '+441174960999', $2, 'Bench', 'Owner', 'not-a-login',
         'pro_max', 999999, $3::timestamp - interval '800 days', $3::timestamp)
       RETURNING id`,
      [opts.label ?? `Bench Café ${tag}`, email, nowTs],
    );
    const businessId = business.rows[0].id;

    // Customers: joined over the last two years; 1% parked, 2% snoozed, 1% closed. Drawn into a temp
    // table with their ids taken from the sequence now, and written to customers once at the end with
    // their figures (foreign keys are triggers, off here): updating 100,000 rows afterwards rewrote
    // every index entry of each, the four trigram GIN indexes included.
    await client.query(
      `CREATE TEMP TABLE bench_people ON COMMIT DROP AS
       SELECT nextval(pg_get_serial_sequence('customers', 'id'))::int AS id, $1::int AS "businessId", f AS "firstName", l AS "lastName", f || ' ' || l AS name,
         'c' || i || '-' || $2 || '@bench.example' AS email, '+4477' || lpad(i::text, 8, '0') AS phone, 'BN' || $2 || lpad(i::text, 7, '0') AS "membershipNumber",
         CASE WHEN r < 0.02 THEN 'snoozed' WHEN r < 0.03 THEN 'closed' ELSE 'active' END AS "accountStatus",
         CASE WHEN r >= 0.03 AND r < 0.04 THEN $3::timestamp - interval '3 days' END AS "parkedAt",
         CASE WHEN r >= 0.03 AND r < 0.04 THEN 'payment_failed' END AS "parkedReason",
         CASE WHEN r >= 0.02 AND r < 0.03 THEN $3::timestamp - interval '5 days' END AS "closedAt",
         $5::boolean AND m < 0.9 AS "marketingConsentEmail", $5::boolean AND (m >= 0.9 OR m < 0.3) AS "marketingConsentSms",
         $3::timestamp - random() * interval '730 days' AS "createdAt"
       FROM (SELECT i, random() AS r, random() AS m,
               (ARRAY[${FIRST_NAMES}])[1 + floor(random() * ${FIRST_COUNT})::int] AS f,
               (ARRAY[${LAST_NAMES}])[1 + floor(random() * ${LAST_COUNT})::int] AS l
             FROM generate_series(1, $4::int) AS i) s`,
      [businessId, tag, nowTs, opts.customers, opts.consent ?? false],
    );

    await client.query("ANALYZE bench_people");

    // Transactions: customer picked with a square skew (a few regulars, many occasional visitors),
    // at a random moment between the customer's sign-up and now.
    await client.query(
      `WITH cs AS (
         SELECT id, "createdAt", row_number() OVER (ORDER BY id) AS rn FROM bench_people
       ), n AS (SELECT count(*) AS n FROM cs),
       picks AS (
         SELECT g, 1 + floor(power(random(), 2) * (SELECT n FROM n))::int AS rn, random() AS kind, random() AS r2, random() AS r3
         FROM generate_series(1, $2::int) AS g
       ), t AS (
         SELECT p.*, cs.id AS "customerId", cs."createdAt" + p.r3 * ($3::timestamp - cs."createdAt") AS at,
           CASE WHEN p.kind < 0.85 THEN 'purchase' WHEN p.kind < 0.93 THEN 'points_redemption' WHEN p.kind < 0.98 THEN 'bonus_points'
                WHEN p.kind < 0.99 THEN 'points_adjustment' ELSE 'gift_points' END AS type,
           150 + floor(p.r2 * 4850)::int AS amount
         FROM picks p JOIN cs ON cs.rn = p.rn
       )
       INSERT INTO transactions ("businessId", "customerId", type, "amountPence", "pointsEarned", "pointsRedeemed", "discountPence",
         "actorType", "actorName", "deletedAt", "deleteReason", "createdAt", "updatedAt")
       SELECT $1, "customerId", type,
         CASE WHEN type = 'purchase' THEN amount WHEN type = 'points_redemption' THEN 100 ELSE 0 END,
         CASE WHEN type = 'purchase' THEN amount / 100 WHEN type IN ('bonus_points', 'points_adjustment') THEN 10 ELSE 0 END,
         CASE WHEN type = 'points_redemption' THEN 100 WHEN type = 'gift_points' THEN 5 ELSE 0 END,
         CASE WHEN type = 'purchase' AND r2 < 0.03 THEN 100 + floor(r3 * 400)::int ELSE 0 END,
         'owner', 'Bench Owner',
         CASE WHEN kind * 1000 - floor(kind * 1000) < 0.01 THEN at + interval '1 hour' END,
         CASE WHEN kind * 1000 - floor(kind * 1000) < 0.01 THEN 'incorrectly_posted' END,
         at, at
       FROM t`,
      [businessId, opts.transactions, nowTs],
    );

    // One ledger row per points movement of a live transaction, with the running balance. Random
    // history can spend more than it has earned at some moment, and balances may never go below
    // zero (CHECK constraints since migration 20261125220916): a customer whose running sum dips
    // below zero gets an opening adjustment, at sign-up, of just enough points.
    await client.query(
      `CREATE TEMP TABLE bench_moves ON COMMIT DROP AS
       SELECT "businessId", "customerId", id, type, "pointsEarned" - "pointsRedeemed" AS points, "amountPence", "createdAt",
         sum("pointsEarned" - "pointsRedeemed") OVER (PARTITION BY "customerId" ORDER BY "createdAt", id) AS run
       FROM transactions
       WHERE "businessId" = $1 AND "deletedAt" IS NULL AND "pointsEarned" - "pointsRedeemed" <> 0`,
      [businessId],
    );
    await client.query(
      `CREATE TEMP TABLE bench_opening ON COMMIT DROP AS
       SELECT "customerId", -min(run) AS points FROM bench_moves GROUP BY "customerId" HAVING min(run) < 0`,
    );
    await client.query(
      `INSERT INTO points_ledger ("businessId", "customerId", kind, points, "balanceAfter", reason, "actorType", "actorName", "createdAt")
       SELECT $1, o."customerId", 'adjustment', o.points, o.points, 'bench data: opening balance', 'system', 'bench', c."createdAt"
       FROM bench_opening o JOIN bench_people c ON c.id = o."customerId"`,
      [businessId],
    );
    const ledger = await client.query(
      `INSERT INTO points_ledger ("businessId", "customerId", "transactionId", kind, points, "amountPence", "balanceAfter", "actorType", "actorName", "createdAt")
       SELECT m."businessId", m."customerId", m.id,
         CASE m.type WHEN 'purchase' THEN 'earn' WHEN 'points_redemption' THEN 'redeem' WHEN 'bonus_points' THEN 'bonus'
                   WHEN 'gift_points' THEN 'gift_out' ELSE 'adjustment' END,
         m.points, CASE WHEN m.type = 'purchase' THEN m."amountPence" ELSE 0 END,
         m.run + coalesce(o.points, 0),
         'owner', 'Bench Owner', m."createdAt"
       FROM bench_moves m LEFT JOIN bench_opening o ON o."customerId" = m."customerId"
       ORDER BY m."createdAt", m.id`,
    );

    // The customers with their running figures, as the transaction code keeps them: the balance is
    // the ledger's sum (opening entry + every move), spent and last visit from the live transactions.
    await client.query(
      `INSERT INTO customers (id, "businessId", "firstName", "lastName", name, email, phone, "membershipNumber",
         "accountStatus", "parkedAt", "parkedReason", "closedAt", "marketingConsentEmail", "marketingConsentSms",
         "totalPoints", "lifetimeSpentPence", "lastVisit", "sleepStatus", "createdAt", "updatedAt")
       SELECT p.id, p."businessId", p."firstName", p."lastName", p.name, p.email, p.phone, p."membershipNumber",
         p."accountStatus", p."parkedAt", p."parkedReason", p."closedAt", p."marketingConsentEmail", p."marketingConsentSms",
         COALESCE(o.points, 0) + COALESCE(m.points, 0), COALESCE(a.spent, 0), a.last,
         CASE WHEN a.last IS NULL OR a.last > $2::timestamp - interval '3 months' THEN 'active'
              WHEN a.last > $2::timestamp - interval '5 months' THEN 'asleep' ELSE 'scheduled_deletion' END,
         p."createdAt", $2::timestamp
       FROM bench_people p
       LEFT JOIN (
         SELECT "customerId", sum("amountPence") FILTER (WHERE type = 'purchase') AS spent, max("createdAt") AS last
         FROM transactions WHERE "businessId" = $1 AND "deletedAt" IS NULL GROUP BY "customerId"
       ) a ON a."customerId" = p.id
       LEFT JOIN (SELECT "customerId", sum(points) AS points FROM bench_moves GROUP BY 1) m ON m."customerId" = p.id
       LEFT JOIN bench_opening o ON o."customerId" = p.id
       ORDER BY p.id`,
      [businessId, nowTs],
    );
    await client.query(
      `INSERT INTO loyalty_cards ("businessId", "customerId", "membershipNumber", "cardNumber", "passkitStatus", "createdAt", "updatedAt")
       SELECT "businessId", id, "membershipNumber", 'CARD' || "membershipNumber",
         CASE WHEN random() < 0.1 THEN 'created' WHEN random() < 0.02 THEN 'failed' ELSE 'fallback' END, "createdAt", "createdAt"
       FROM bench_people`,
    );

    // Vouchers: 60% fixed (£2-£10), 40% percentage (10-25%, half of them capped); mixed statuses.
    await client.query(
      `WITH cs AS (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM customers WHERE "businessId" = $1),
       v AS (
         SELECT g, 1 + floor(random() * (SELECT count(*) FROM cs))::int AS rn, random() AS r, random() AS s, random() AS a
         FROM generate_series(1, $2::int) AS g
       )
       INSERT INTO vouchers ("businessId", "customerId", "batchId", "promoCode", title, "discountType", "discountValue",
         "maxDiscountPence", "expiresAt", "isActive", status, "sentByEmail", "createdAt", "updatedAt")
       SELECT $1, cs.id, 'batch-' || (g % 50), 'BENCH' || (g % 50), 'Bench treat',
         CASE WHEN r < 0.6 THEN 'fixed' ELSE 'percentage' END,
         CASE WHEN r < 0.6 THEN round((2 + s * 8)::numeric, 2) ELSE 10 + floor(s * 16) END,
         CASE WHEN r >= 0.6 AND s < 0.5 THEN 500 END,
         $3::timestamp + interval '30 days', s >= 0.3,
         CASE WHEN s < 0.15 THEN 'redeemed' WHEN s < 0.25 THEN 'expired' WHEN s < 0.3 THEN 'cancelled' ELSE 'active' END,
         true, $3::timestamp - a * interval '365 days', $3::timestamp
       FROM v JOIN cs ON cs.rn = v.rn`,
      [businessId, vouchers, nowTs],
    );

    await client.query("SELECT customer_activity_refresh($1::int[])", [[businessId]]);
    await client.query("COMMIT");
    await client.query("ANALYZE customers, loyalty_cards, transactions, points_ledger, vouchers");
    return {
      businessId,
      email,
      customers: opts.customers,
      transactions: opts.transactions,
      vouchers,
      ledgerRows: ledger.rowCount ?? 0,
      ms: Date.now() - started,
      dbCpuSeconds: processCpuSeconds(pid),
    };
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
