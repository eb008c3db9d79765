// Seeds many small businesses at once for benchmarks: each with a few customers (and their cards),
// transactions with their ledger rows, and a few vouchers. Every table is written by one set-based
// INSERT ... SELECT over generate_series for all the businesses together, so 999 businesses take a
// few seconds. Balances are the ledger sums (a correcting entry closes any negative history), as
// the transaction code keeps them.
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { backendPid, processCpuSeconds } from "./lib/backend-cpu";
import { beginBulkLoad } from "./lib/bulk-load";

export type SeedManyOptions = {
  businesses: number;
  customersEach?: number;
  transactionsEach?: number;
  vouchersEach?: number;
  now?: Date;
  seed?: number;
  label?: string;
};

export type SeedManyResult = { businessIds: number[]; customers: number; transactions: number; ledgerRows: number; ms: number; dbCpuSeconds: number | null };

export async function seedManyBusinesses(url: string, opts: SeedManyOptions): Promise<SeedManyResult> {
  const started = Date.now();
  const customersEach = opts.customersEach ?? 20;
  const transactionsEach = opts.transactionsEach ?? 100;
  const vouchersEach = opts.vouchersEach ?? 4;
  const now = (opts.now ?? new Date()).toISOString();
  const tag = randomBytes(4).toString("hex");
  const client = new Client({ connectionString: url });
  await client.connect();
  const pid = await backendPid(client);
  try {
    await beginBulkLoad(client, opts.seed ?? 0.31);
    const b = await client.query<{ id: number }>(
      `INSERT INTO businesses (name, "businessAddress", phone, email, "ownerFirstName", "ownerLastName", "passwordHash",
         "subscriptionStatus", "customerLimit", "createdAt", "updatedAt")
       SELECT $1 || ' ' || i, i || ' Bench Road, Leeds LS1 1AA', '+44113' || lpad(i::text, 7, '0'), 'small-' || $2 || '-' || i || '@bench.example',
         'Small', 'Owner', 'not-a-login', 'pro_starter', 500, $3::timestamp - interval '400 days', $3::timestamp
       FROM generate_series(1, $4::int) AS i
       RETURNING id`,
      [opts.label ?? "Bench Small Café", tag, now, opts.businesses],
    );
    const ids = b.rows.map((r) => r.id);

    // The customers, with ids from the sequence, in a temp table first: they are written to customers
    // once, at the end, with their figures (foreign keys are triggers, off here), instead of being
    // updated afterwards (which rewrote every index entry, the trigram GIN indexes included).
    await client.query(
      `CREATE TEMP TABLE many_people ON COMMIT DROP AS
       SELECT nextval(pg_get_serial_sequence('customers', 'id'))::int AS id, b AS "businessId", 'Small Customer ' || i AS name, i,
         's' || b || '-' || i || '@bench.example' AS email,
         '+4478' || lpad((b * 1000 + i)::text, 9, '0') AS phone, 'SM' || $2 || lpad(b::text, 6, '0') || lpad(i::text, 4, '0') AS "membershipNumber",
         $3::timestamp - random() * interval '365 days' AS "createdAt"
       FROM unnest($1::int[]) AS b, generate_series(1, $4::int) AS i`,
      [ids, tag, now, customersEach],
    );
    // Fresh statistics before each statement that joins what was just written: with the figures of
    // an earlier load the planner expects no rows for these businesses and picks nested loops
    // (about 20x slower after the large business's seed).
    await client.query("ANALYZE businesses, many_people");
    const tx = await client.query(
      `WITH cs AS (
         SELECT id, "businessId", "createdAt", row_number() OVER (PARTITION BY "businessId" ORDER BY id) AS rn FROM many_people
       ), picks AS (
         SELECT b, 1 + floor(random() * $3::int)::int AS rn, random() AS kind, random() AS r2, random() AS r3
         FROM unnest($1::int[]) AS b, generate_series(1, $2::int) AS g
       ), t AS (
         SELECT p.*, cs.id AS "customerId", cs."createdAt" + p.r3 * ($4::timestamp - cs."createdAt") AS at,
           CASE WHEN p.kind < 0.88 THEN 'purchase' WHEN p.kind < 0.95 THEN 'points_redemption' ELSE 'bonus_points' END AS type,
           150 + floor(p.r2 * 2850)::int AS amount
         FROM picks p JOIN cs ON cs."businessId" = p.b AND cs.rn = p.rn
       )
       INSERT INTO transactions ("businessId", "customerId", type, "amountPence", "pointsEarned", "pointsRedeemed", "actorType", "actorName", "createdAt", "updatedAt")
       SELECT b, "customerId", type,
         CASE WHEN type = 'purchase' THEN amount WHEN type = 'points_redemption' THEN 100 ELSE 0 END,
         CASE WHEN type = 'purchase' THEN amount / 100 WHEN type = 'bonus_points' THEN 10 ELSE 0 END,
         CASE WHEN type = 'points_redemption' THEN 100 ELSE 0 END,
         'owner', 'Small Owner', at, at
       FROM t`,
      [ids, transactionsEach, customersEach, now],
    );
    await client.query("ANALYZE transactions");
    // The ledger in order, each customer starting from an opening balance just large enough that
    // no running balance goes below 0 (the database refuses a negative balanceAfter since the
    // ledger's CHECK constraints), as bench/seed-large.ts does.
    await client.query(
      `CREATE TEMP TABLE many_moves ON COMMIT DROP AS
       SELECT "businessId", "customerId", id, type, "amountPence", "createdAt", "pointsEarned" - "pointsRedeemed" AS points,
         sum("pointsEarned" - "pointsRedeemed") OVER (PARTITION BY "customerId" ORDER BY "createdAt", id) AS run
       FROM transactions WHERE "businessId" = ANY($1::int[]) AND "pointsEarned" - "pointsRedeemed" <> 0`,
      [ids],
    );
    await client.query(
      `INSERT INTO points_ledger ("businessId", "customerId", kind, points, "balanceAfter", reason, "actorType", "actorName", "createdAt")
       SELECT c."businessId", c.id, 'adjustment', o.points, o.points, 'bench data: opening balance', 'system', 'bench', c."createdAt"
       FROM (SELECT "customerId", -min(run) AS points FROM many_moves GROUP BY 1 HAVING min(run) < 0) o JOIN many_people c ON c.id = o."customerId"`,
    );
    const ledger = await client.query(
      `INSERT INTO points_ledger ("businessId", "customerId", "transactionId", kind, points, "amountPence", "balanceAfter", "actorType", "actorName", "createdAt")
       SELECT m."businessId", m."customerId", m.id,
         CASE m.type WHEN 'purchase' THEN 'earn' WHEN 'points_redemption' THEN 'redeem' ELSE 'bonus' END,
         m.points, CASE WHEN m.type = 'purchase' THEN m."amountPence" ELSE 0 END,
         m.run + COALESCE(o.points, 0),
         'owner', 'Small Owner', m."createdAt"
       FROM many_moves m
       LEFT JOIN (SELECT "customerId", -min(run) AS points FROM many_moves GROUP BY 1 HAVING min(run) < 0) o ON o."customerId" = m."customerId"
       ORDER BY m."createdAt", m.id`,
    );
    await client.query("ANALYZE points_ledger");
    await client.query(
      `INSERT INTO customers (id, "businessId", "firstName", "lastName", name, email, phone, "membershipNumber",
         "totalPoints", "lifetimeSpentPence", "lastVisit", "createdAt", "updatedAt")
       SELECT p.id, p."businessId", 'Small', 'Customer ' || p.i, p.name, p.email, p.phone, p."membershipNumber",
         COALESCE(l.points, 0), COALESCE(a.spent, 0), a.last, p."createdAt", $2::timestamp
       FROM many_people p
       LEFT JOIN (SELECT "customerId", sum("amountPence") FILTER (WHERE type = 'purchase') AS spent, max("createdAt") AS last
             FROM transactions WHERE "businessId" = ANY($1::int[]) GROUP BY 1) a ON a."customerId" = p.id
       LEFT JOIN (SELECT "customerId", sum(points) AS points FROM points_ledger WHERE "businessId" = ANY($1::int[]) GROUP BY 1) l ON l."customerId" = p.id
       ORDER BY p.id`,
      [ids, now],
    );
    await client.query(
      `INSERT INTO loyalty_cards ("businessId", "customerId", "membershipNumber", "cardNumber", "passkitStatus", "createdAt", "updatedAt")
       SELECT "businessId", id, "membershipNumber", 'CARD' || "membershipNumber", 'fallback', "createdAt", "createdAt" FROM many_people`,
    );
    await client.query("ANALYZE customers");
    await client.query(
      `WITH cs AS (SELECT id, "businessId", row_number() OVER (PARTITION BY "businessId" ORDER BY id) AS rn FROM customers WHERE "businessId" = ANY($1::int[]))
       INSERT INTO vouchers ("businessId", "customerId", "batchId", "promoCode", title, "discountType", "discountValue", "expiresAt", "isActive", status, "createdAt", "updatedAt")
       SELECT cs."businessId", cs.id, 'small-' || g, 'SMALL' || g, 'Small treat', 'fixed', 3, $3::timestamp + interval '30 days', true, 'active',
         $3::timestamp - random() * interval '200 days', $3::timestamp
       FROM cs JOIN generate_series(1, $2::int) AS g ON cs.rn = g`,
      [ids, vouchersEach, now],
    );
    await client.query("SELECT customer_activity_refresh($1::int[])", [ids]);
    await client.query("COMMIT");
    await client.query("ANALYZE");
    return { businessIds: ids, customers: ids.length * customersEach, transactions: tx.rowCount ?? 0, ledgerRows: ledger.rowCount ?? 0, ms: Date.now() - started, dbCpuSeconds: processCpuSeconds(pid) };
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
