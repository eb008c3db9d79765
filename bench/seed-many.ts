// Seeds many small businesses at once for benchmarks: each with a few customers (and their cards),
// transactions with their ledger rows, and a few vouchers. Every table is written by one set-based
// statement for all the businesses together (bench/lib/seed-rows.ts writes them from temp tables),
// so 10,000 businesses take seconds. Customers sign up evenly over the year before `now`; each
// transaction's moment is drawn first (opening hours, the same weekly and seasonal shape as the
// large business), then its customer among the business's customers signed up by then. Balances
// are the ledger sums (an opening entry closes any negative history), as the transaction code
// keeps them.
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { backendPid, processCpuSeconds } from "./lib/backend-cpu";
import { beginBulkLoad, reserveIds, stepRunner, type SeedStep } from "./lib/bulk-load";
import { createOpeningDays, customerSignedUpBy, refreshRollups, signUpAt, transactionMoments, writeSeededRows } from "./lib/seed-rows";

export type SeedManyOptions = {
  businesses: number;
  customersEach?: number;
  transactionsEach?: number;
  vouchersEach?: number;
  now?: Date;
  seed?: number;
  label?: string;
  /** ANALYZE after the commit (default true; bench/seed.ts does it once for the whole set). */
  analyze?: boolean;
};

export type SeedManyResult = { businessIds: number[]; customers: number; transactions: number; ledgerRows: number; ms: number; dbCpuSeconds: number | null; steps: SeedStep[] };

/** Customers sign up and transactions happen over this many days up to `now`. */
const DAYS_OF_HISTORY = 365;

export async function seedManyBusinesses(url: string, opts: SeedManyOptions): Promise<SeedManyResult> {
  const started = Date.now();
  const customersEach = opts.customersEach ?? 20;
  const transactionsEach = customersEach > 0 ? (opts.transactionsEach ?? 100) : 0;
  const vouchersEach = Math.min(customersEach, opts.vouchersEach ?? 4);
  const now = opts.now ?? new Date();
  const nowTs = now.toISOString();
  const tag = randomBytes(4).toString("hex");
  const client = new Client({ connectionString: url });
  await client.connect();
  const pid = await backendPid(client);
  const { run, steps } = stepRunner(client, pid);
  try {
    await beginBulkLoad(client, opts.seed ?? 0.31);
    // Ids from blocks of the sequences: business i is businessBase + i, its customer r (0-based, in
    // sign-up order) customerBase + i * customersEach + r.
    const businessBase = await reserveIds(client, "businesses", opts.businesses);
    await run(
      "businesses",
      `INSERT INTO businesses (id, name, "businessAddress", phone, email, "ownerFirstName", "ownerLastName", "passwordHash",
         "subscriptionStatus", "customerLimit", "createdAt", "updatedAt")
       SELECT $5::int + i - 1, $1 || ' ' || i, i || ' Bench Road, Leeds LS1 1AA', '+44113' || lpad(i::text, 7, '0'), 'small-' || $2 || '-' || i || '@bench.example',
         'Small', 'Owner', 'not-a-login', 'pro_starter', 500, $3::timestamp - interval '400 days', $3::timestamp
       FROM generate_series(1, $4::int) AS i`,
      [opts.label ?? "Bench Small Café", tag, nowTs, opts.businesses, businessBase],
    );
    const ids = Array.from({ length: opts.businesses }, (_, i) => businessBase + i);
    const start = await createOpeningDays(run, now, DAYS_OF_HISTORY);
    const span = (now.getTime() - start.getTime()) / 1000;
    const customerBase = await reserveIds(client, "customers", opts.businesses * customersEach);

    await run(
      "people",
      `CREATE TEMP TABLE seed_people ON COMMIT DROP AS
       SELECT $6::int + bi * $4::int + r AS id, b AS "businessId", r AS rank, 'Small' AS "firstName", 'Customer ' || (r + 1) AS "lastName",
         'Small Customer ' || (r + 1) AS name, 's' || b || '-' || (r + 1) || '@bench.example' AS email,
         '+4478' || lpad((b * 1000 + r + 1)::text, 9, '0') AS phone, 'SM' || $2 || lpad(b::text, 6, '0') || lpad((r + 1)::text, 4, '0') AS "membershipNumber",
         'active' AS "accountStatus", NULL::timestamp AS "parkedAt", NULL AS "parkedReason", NULL::timestamp AS "closedAt",
         false AS "marketingConsentEmail", false AS "marketingConsentSms", 'fallback' AS "passkitStatus",
         date_trunc('milliseconds', ${signUpAt("r", "$5::timestamp", "($3::timestamp - $5::timestamp)", "$4::int")}) AS "createdAt"
       FROM (SELECT bi, $7::int + bi AS b FROM generate_series(0, $1::int - 1) AS bi) bs, generate_series(0, $4::int - 1) AS r`,
      [opts.businesses, tag, nowTs, customersEach, start.toISOString(), customerBase, businessBase],
    );

    const written = await writeSeededRows(client, run, {
      now,
      actorName: "Small Owner",
      transactions: opts.businesses * transactionsEach,
      draw: `SELECT "businessId", "customerId", type,
         CASE WHEN type = 'purchase' THEN amount WHEN type = 'points_redemption' THEN 100 ELSE 0 END AS "amountPence",
         CASE WHEN type = 'purchase' THEN amount / 100 WHEN type = 'bonus_points' THEN 10 ELSE 0 END AS "pointsEarned",
         CASE WHEN type = 'points_redemption' THEN 100 ELSE 0 END AS "pointsRedeemed",
         0 AS "discountPence", NULL::timestamp AS "deletedAt", NULL AS "deleteReason", at AS "createdAt", seq
       FROM (
         SELECT m.*, $4::int + seq / $2::int AS "businessId",
           $5::int + seq / $2::int * $3::int + ${customerSignedUpBy("at", "$6::timestamp", "$7::float8", "$3::int", 1)} AS "customerId",
           CASE WHEN kind < 0.88 THEN 'purchase' WHEN kind < 0.95 THEN 'points_redemption' ELSE 'bonus_points' END AS type,
           150 + floor(r2 * 2850)::int AS amount
         FROM ${transactionMoments("$1::int * $2::int", "random() AS kind, random() AS r2")} m
       ) t`,
      params: [opts.businesses, transactionsEach, customersEach, businessBase, customerBase, start.toISOString(), span],
    });

    await run(
      "vouchers",
      `INSERT INTO vouchers ("businessId", "customerId", "batchId", "promoCode", title, "discountType", "discountValue", "expiresAt", "isActive", status, "createdAt", "updatedAt")
       SELECT "businessId", id, 'small-' || (rank + 1), 'SMALL' || (rank + 1), 'Small treat', 'fixed', 3, $2::timestamp + interval '30 days', true, 'active',
         date_trunc('milliseconds', $2::timestamp - random() * interval '200 days'), $2::timestamp
       FROM seed_people WHERE rank < $1::int ORDER BY id`,
      [vouchersEach, nowTs],
    );
    await refreshRollups(run, ids);
    await run("commit", "COMMIT");
    if (opts.analyze ?? true) await run("analyze", "ANALYZE");
    return { businessIds: ids, customers: ids.length * customersEach, transactions: written.transactions, ledgerRows: written.ledgerRows, ms: Date.now() - started, dbCpuSeconds: processCpuSeconds(pid), steps };
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
