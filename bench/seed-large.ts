// Seeds one large business for benchmarks: N customers (each with a loyalty card), M transactions
// with their points-ledger rows, and some vouchers, written by a handful of set-based statements
// over generate_series inside one transaction (bench/lib/seed-rows.ts writes the tables from temp
// tables). The data is pseudo-random but repeatable (setseed). Customers sign up evenly over the
// two years before `now`; each transaction's moment is drawn first (opening hours on every day of
// the two years, a mild weekly and seasonal shape: ~2,700 a day at 2,000,000), then its customer
// among those signed up by then, with a skew so that long-standing customers come far more often.
// A little of everything the dashboard must handle: soft-deleted transactions, gifts, redemptions,
// discounts, parked, snoozed and closed customers.
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { backendPid, processCpuSeconds } from "./lib/backend-cpu";
import { beginBulkLoad, reserveIds, stepRunner, type SeedStep } from "./lib/bulk-load";
import { createOpeningDays, customerSignedUpBy, refreshRollups, signUpAt, transactionMoments, writeSeededRows } from "./lib/seed-rows";

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
  /** ANALYZE the tables after the commit (default true; bench/seed.ts does it once for the whole set). */
  analyze?: boolean;
};

export type SeedResult = {
  businessId: number;
  email: string;
  customers: number;
  transactions: number;
  vouchers: number;
  ledgerRows: number;
  ms: number;
  /** the seeding backend's CPU seconds (null off this machine) */
  dbCpuSeconds: number | null;
  /** each statement's time */
  steps: SeedStep[];
};

/** Customers sign up and transactions happen over this many days up to `now`. */
const DAYS_OF_HISTORY = 730;

export async function seedLargeBusiness(url: string, opts: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const now = opts.now ?? new Date();
  const vouchers = opts.vouchers ?? Math.round(opts.customers / 2);
  const tag = randomBytes(4).toString("hex");
  const email = `bench-${tag}@bench.example`;
  const client = new Client({ connectionString: url });
  await client.connect();
  const pid = await backendPid(client);
  const { run, steps } = stepRunner(client, pid);
  try {
    await beginBulkLoad(client, opts.seed ?? 0.42);
    const nowTs = now.toISOString();

    const business = await run<{ id: number }>(
      "business",
      `INSERT INTO businesses (name, "businessAddress", phone, email, "ownerFirstName", "ownerLastName", "passwordHash",
         "subscriptionStatus", "customerLimit", "createdAt", "updatedAt")
       VALUES ($1, '1 Bench Street, Bristol BS1 1AA', '+441174960999', $2, 'Bench', 'Owner', 'not-a-login',
         'pro_max', 999999, $3::timestamp - interval '800 days', $3::timestamp)
       RETURNING id`,
      [opts.label ?? `Bench Café ${tag}`, email, nowTs],
    );
    const businessId = business.rows[0].id;
    const start = await createOpeningDays(run, now, DAYS_OF_HISTORY);
    const span = (now.getTime() - start.getTime()) / 1000;
    const customerBase = await reserveIds(client, "customers", opts.customers);

    // Customers, numbered in sign-up order (ids from one block of the sequence): 1% parked, 2%
    // snoozed, 1% closed. Written to customers at the end, once, with their figures.
    await run(
      "people",
      `CREATE TEMP TABLE seed_people ON COMMIT DROP AS
       SELECT $6::int + i AS id, $1::int AS "businessId", f AS "firstName", l AS "lastName", f || ' ' || l AS name,
         'c' || (i + 1) || '-' || $2 || '@bench.example' AS email, '+4477' || lpad((i + 1)::text, 8, '0') AS phone, 'BN' || $2 || lpad((i + 1)::text, 7, '0') AS "membershipNumber",
         CASE WHEN r < 0.02 THEN 'snoozed' WHEN r < 0.03 THEN 'closed' ELSE 'active' END AS "accountStatus",
         CASE WHEN r >= 0.03 AND r < 0.04 THEN $3::timestamp - interval '3 days' END AS "parkedAt",
         CASE WHEN r >= 0.03 AND r < 0.04 THEN 'payment_failed' END AS "parkedReason",
         CASE WHEN r >= 0.02 AND r < 0.03 THEN $3::timestamp - interval '5 days' END AS "closedAt",
         $5::boolean AND m < 0.9 AS "marketingConsentEmail", $5::boolean AND (m >= 0.9 OR m < 0.3) AS "marketingConsentSms",
         CASE WHEN c < 0.1 THEN 'created' WHEN c < 0.12 THEN 'failed' ELSE 'fallback' END AS "passkitStatus",
         date_trunc('milliseconds', ${signUpAt("i", "$7::timestamp", "($3::timestamp - $7::timestamp)", "$4::int")}) AS "createdAt"
       FROM (SELECT i, random() AS r, random() AS m, random() AS c,
               (ARRAY[${FIRST_NAMES}])[1 + floor(random() * ${FIRST_COUNT})::int] AS f,
               (ARRAY[${LAST_NAMES}])[1 + floor(random() * ${LAST_COUNT})::int] AS l
             FROM generate_series(0, $4::int - 1) AS i) s`,
      [businessId, tag, nowTs, opts.customers, opts.consent ?? false, customerBase, start.toISOString()],
    );

    // Transactions: the moment first (a weighted day, a moment in its opening hours), then a
    // customer signed up by then.
    const transactions = opts.customers > 0 ? opts.transactions : 0;
    const written = await writeSeededRows(client, run, {
      now,
      actorName: "Bench Owner",
      transactions,
      draw: `SELECT $1::int AS "businessId", "customerId", type,
         CASE WHEN type = 'purchase' THEN amount WHEN type = 'points_redemption' THEN 100 ELSE 0 END AS "amountPence",
         CASE WHEN type = 'purchase' THEN amount / 100 WHEN type IN ('bonus_points', 'points_adjustment') THEN 10 ELSE 0 END AS "pointsEarned",
         CASE WHEN type = 'points_redemption' THEN 100 WHEN type = 'gift_points' THEN 5 ELSE 0 END AS "pointsRedeemed",
         CASE WHEN type = 'purchase' AND r2 < 0.03 THEN 100 + floor(r3 * 400)::int ELSE 0 END AS "discountPence",
         CASE WHEN kind * 1000 - floor(kind * 1000) < 0.01 THEN least(at + interval '1 hour', $3::timestamp) END AS "deletedAt",
         CASE WHEN kind * 1000 - floor(kind * 1000) < 0.01 THEN 'incorrectly_posted' END AS "deleteReason",
         at AS "createdAt", seq
       FROM (
         SELECT m.*, $4::int + ${customerSignedUpBy("at", "$5::timestamp", "$6::float8", "$7::int", 2)} AS "customerId",
           CASE WHEN kind < 0.85 THEN 'purchase' WHEN kind < 0.93 THEN 'points_redemption' WHEN kind < 0.98 THEN 'bonus_points'
                WHEN kind < 0.99 THEN 'points_adjustment' ELSE 'gift_points' END AS type,
           150 + floor(r2 * 4850)::int AS amount
         FROM ${transactionMoments("$2::int", "random() AS kind, random() AS r2, random() AS r3")} m
       ) t`,
      params: [businessId, transactions, nowTs, customerBase, start.toISOString(), span, opts.customers],
    });

    // Vouchers: 60% fixed (£2-£10), 40% percentage (10-25%, half of them capped); mixed statuses;
    // raised over the last year, each to a customer signed up by then.
    await run(
      "vouchers",
      `INSERT INTO vouchers ("businessId", "customerId", "batchId", "promoCode", title, "discountType", "discountValue",
         "maxDiscountPence", "expiresAt", "isActive", status, "sentByEmail", "createdAt", "updatedAt")
       SELECT $1, $4::int + ${customerSignedUpBy("at", "$5::timestamp", "$6::float8", "$7::int", 1)}, 'batch-' || (g % 50), 'BENCH' || (g % 50), 'Bench treat',
         CASE WHEN r < 0.6 THEN 'fixed' ELSE 'percentage' END,
         CASE WHEN r < 0.6 THEN round((2 + s * 8)::numeric, 2) ELSE 10 + floor(s * 16) END,
         CASE WHEN r >= 0.6 AND s < 0.5 THEN 500 END,
         $3::timestamp + interval '30 days', s >= 0.3,
         CASE WHEN s < 0.15 THEN 'redeemed' WHEN s < 0.25 THEN 'expired' WHEN s < 0.3 THEN 'cancelled' ELSE 'active' END,
         true, at, $3::timestamp
       FROM (SELECT g, random() AS r, random() AS s, date_trunc('milliseconds', $3::timestamp - random() * interval '365 days') AS at
             FROM generate_series(1, $2::int) AS g) v`,
      [businessId, opts.customers > 0 ? vouchers : 0, nowTs, customerBase, start.toISOString(), span, opts.customers],
    );

    await refreshRollups(run, [businessId]);
    await run("commit", "COMMIT");
    if (opts.analyze ?? true) await run("analyze", "ANALYZE customers, loyalty_cards, transactions, points_ledger, vouchers");
    return {
      businessId,
      email,
      customers: opts.customers,
      transactions: written.transactions,
      vouchers,
      ledgerRows: written.ledgerRows,
      ms: Date.now() - started,
      dbCpuSeconds: processCpuSeconds(pid),
      steps,
    };
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
