// The steps both seeders share (bench/seed-large.ts, bench/seed-many.ts). A seeder draws its people
// into the temp table seed_people and its transactions into seed_tx (ids already taken from the
// sequences, seed_tx written in id order, which is time order); these steps then write every table
// from them in one pass each: transactions, the points ledger with running balances, customers with
// their figures, loyalty cards. Nothing is read back from the real tables, so the two seeders can
// load at once and the tables' non-unique indexes can be left out until the end (bench/lib/deferred-indexes.ts).
import type { Client } from "pg";
import { reserveIds, type stepRunner } from "./bulk-load";

type Run = ReturnType<typeof stepRunner>["run"];

const DAY_MS = 86_400_000;

/** Opening hours: 07:00 to 19:00 (UTC wall clock, as timestamps are stored). */
const OPENS_HOURS = 7;

/**
 * The calendar days a seed spreads its transactions over: the `days` days up to and including
 * today, each open 07:00-19:00 (today only up to `now`), with a mild shape: Friday 1.15, Saturday
 * 1.3, Sunday 0.8, other days 0.95, times a season of +-12% (December busiest, June quietest).
 * Written to the temp table seed_days (d = 1..days, the moment it opens, its open hours, its
 * weight and the sum of the weights before it). Returns the first opening (`start`): people sign
 * up between it and now.
 */
export async function createOpeningDays(run: Run, now: Date, days: number): Promise<Date> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS + OPENS_HOURS * 3_600_000);
  await run(
    "opening days",
    `CREATE TEMP TABLE seed_days ON COMMIT DROP AS
     WITH d AS (
       SELECT d, $1::timestamp + (d - 1) * interval '1 day' AS opens FROM generate_series(1, $3::int) AS d
     ), h AS (
       SELECT d, opens, least(interval '12 hours', greatest(interval '0', $2::timestamp - opens)) AS hours FROM d
     ), w AS (
       SELECT d, opens, hours,
         (CASE extract(isodow FROM opens)::int WHEN 5 THEN 1.15 WHEN 6 THEN 1.3 WHEN 7 THEN 0.8 ELSE 0.95 END)
           * (1 + 0.12 * cos(2 * pi() * (extract(doy FROM opens) - 350) / 365.25))
           * extract(epoch FROM hours) / 43200 AS w
       FROM h
     )
     SELECT d, opens, hours, w, coalesce(sum(w) OVER (ORDER BY d ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS lower FROM w`,
    [start.toISOString(), now.toISOString(), days],
  );
  return start;
}

/** seed_days as arrays, in one row: the weights' lower bounds and total, each day's opening and hours. */
const DAYS = "(SELECT array_agg(lower ORDER BY d) AS lowers, sum(w) AS total, array_agg(opens ORDER BY d) AS opens, array_agg(hours ORDER BY d) AS hours FROM seed_days) dd";

/**
 * A FROM item of `count` transaction moments drawn from seed_days: seq (0..count-1), a day by
 * weight (width_bucket's binary search over the weights' lower bounds), `at` = a moment in its
 * opening hours, and the caller's `columns` (more random() draws). Nested subqueries rather than
 * CTEs: a CTE with random() in it is materialized; a subquery with random() in its select list is
 * not flattened, so each draw is made once per row and used as one value above it.
 */
export function transactionMoments(count: string, columns: string): string {
  return `(SELECT p.*, date_trunc('milliseconds', dd.opens[p.day] + p.tod * dd.hours[p.day]) AS at
    FROM (SELECT g AS seq, width_bucket(random() * dd.total, dd.lowers) AS day, random() AS tod, ${columns}
          FROM generate_series(0, ${count} - 1) AS g, ${DAYS}) p, ${DAYS})`;
}

/**
 * A customer among those signed up by `at`. People are numbered 0..n-1 in sign-up order, and the
 * i-th signed up at start + (i + jitter) / n of the span (jitter 0 for the first, so someone is
 * always there): the first floor(n * (at - start) / span) had all signed up by `at`. `skew` is the
 * power on random() (2: the long-standing customers come far more often; 1: uniform). Returns the
 * 0-based number as SQL.
 */
export function customerSignedUpBy(at: string, start: string, span: string, n: string, skew: 1 | 2): string {
  const k = `greatest(1, floor(extract(epoch FROM ${at} - ${start}) / ${span} * ${n}))`;
  return `floor(${skew === 2 ? "power(random(), 2)" : "random()"} * ${k})::int`;
}

/** The sign-up moment of the i-th (0-based) of n people, spread evenly from start over span. */
export function signUpAt(i: string, start: string, span: string, n: string): string {
  return `${start} + (${i} + CASE WHEN ${i} = 0 THEN 0 ELSE random() END) / ${n} * ${span}`;
}

export type WrittenRows = { transactions: number; ledgerRows: number };

/**
 * Writes transactions, the points ledger, customers and loyalty cards from seed_people and `draw`:
 * a SELECT of the transactions ("businessId", "customerId", type, "amountPence", "pointsEarned",
 * "pointsRedeemed", "discountPence", "deletedAt", "deleteReason", "createdAt" and seq, a unique
 * number that orders transactions of the same moment), with its parameters.
 * Transactions get their ids in time order from one block of the sequence. The ledger has one row
 * per points movement of a live transaction with its running balance; random history can spend
 * more than it has earned at some moment, and balances may never go below zero (CHECK constraints
 * since migration 20261125220916): a customer whose running sum dips below zero gets an opening
 * adjustment, at sign-up, of just enough points (the opening entries take the first ids of the
 * seed's block, so each customer's entries are in order by id). Customers carry their figures as
 * the transaction code keeps them (balance = the ledger's sum, spent and last visit from the live
 * transactions, sleep status from the last visit as lib/rules/sleep-status.ts).
 */
export async function writeSeededRows(client: Client, run: Run, o: { now: Date; actorName: string; transactions: number; draw: string; params: unknown[] }): Promise<WrittenRows> {
  const now = o.now.toISOString();
  const txBase = await reserveIds(client, "transactions", o.transactions);
  // Two sorts in one statement: by customer for the running balances (and the lowest, which sets
  // the opening entry), then by time for the ids and each points movement's number (its ledger id),
  // so the table is written in id order and the ledger can be written from it without a join.
  const live = `"deletedAt" IS NULL AND "pointsEarned" <> "pointsRedeemed"`;
  await run(
    "draw transactions",
    `CREATE TEMP TABLE seed_tx ON COMMIT DROP AS
     SELECT $${o.params.length + 1}::int - 1 + row_number() OVER w AS id, count(*) FILTER (WHERE ${live}) OVER w AS move, r.*
     FROM (
       SELECT b.*, greatest(0, -min(run) FILTER (WHERE ${live}) OVER (PARTITION BY "customerId")) AS opening
       FROM (
         SELECT d.*, sum(CASE WHEN ${live} THEN "pointsEarned" - "pointsRedeemed" ELSE 0 END)
           OVER (PARTITION BY "customerId" ORDER BY "createdAt", seq ROWS UNBOUNDED PRECEDING) AS run
         FROM (${o.draw}) d
       ) b
     ) r
     WINDOW w AS (ORDER BY "createdAt", seq ROWS UNBOUNDED PRECEDING)`,
    [...o.params, txBase],
  );
  const tx = await run(
    "transactions",
    `INSERT INTO transactions (id, "businessId", "customerId", type, "amountPence", "pointsEarned", "pointsRedeemed", "discountPence",
       "actorType", "actorName", "deletedAt", "deleteReason", "createdAt", "updatedAt")
     SELECT id, "businessId", "customerId", type, "amountPence", "pointsEarned", "pointsRedeemed", "discountPence",
       'owner', $1, "deletedAt", "deleteReason", "createdAt", coalesce("deletedAt", "createdAt")
     FROM seed_tx`,
    [o.actorName],
  );
  const opening = await run(
    "opening balances",
    `CREATE TEMP TABLE seed_opening ON COMMIT DROP AS
     SELECT DISTINCT "customerId", opening AS points FROM seed_tx WHERE opening > 0`,
  );
  const openings = opening.rowCount ?? 0;
  const moves = Number((await run<{ n: string }>("count moves", `SELECT coalesce(max(move), 0) AS n FROM seed_tx`)).rows[0].n);
  const ledgerBase = await reserveIds(client, "points_ledger", openings + moves);
  await run(
    "points ledger: openings",
    `INSERT INTO points_ledger (id, "businessId", "customerId", kind, points, "balanceAfter", reason, "actorType", "actorName", "createdAt")
     SELECT $1::bigint - 1 + row_number() OVER (ORDER BY p."createdAt", p.id), p."businessId", o."customerId", 'adjustment', o.points, o.points,
       'bench data: opening balance', 'system', 'bench', p."createdAt"
     FROM seed_opening o JOIN seed_people p ON p.id = o."customerId"`,
    [ledgerBase],
  );
  await run(
    "points ledger",
    `INSERT INTO points_ledger (id, "businessId", "customerId", "transactionId", kind, points, "amountPence", "balanceAfter", "actorType", "actorName", "createdAt")
     SELECT $1::bigint + $2::int - 1 + move, "businessId", "customerId", id,
       CASE type WHEN 'purchase' THEN 'earn' WHEN 'points_redemption' THEN 'redeem' WHEN 'bonus_points' THEN 'bonus'
                 WHEN 'gift_points' THEN 'gift_out' ELSE 'adjustment' END,
       "pointsEarned" - "pointsRedeemed", CASE WHEN type = 'purchase' THEN "amountPence" ELSE 0 END, run + opening,
       'owner', $3, "createdAt"
     FROM seed_tx
     WHERE ${live}`,
    [ledgerBase, openings, o.actorName],
  );
  await run(
    "customers",
    `INSERT INTO customers (id, "businessId", "firstName", "lastName", name, email, phone, "membershipNumber",
       "accountStatus", "parkedAt", "parkedReason", "closedAt", "marketingConsentEmail", "marketingConsentSms",
       "totalPoints", "lifetimeSpentPence", "lastVisit", "sleepStatus", "createdAt", "updatedAt")
     SELECT p.id, p."businessId", p."firstName", p."lastName", p.name, p.email, p.phone, p."membershipNumber",
       p."accountStatus", p."parkedAt", p."parkedReason", p."closedAt", p."marketingConsentEmail", p."marketingConsentSms",
       coalesce(o.points, 0) + coalesce(a.points, 0), coalesce(a.spent, 0), a.last,
       CASE WHEN coalesce(a.last, p."createdAt") > $1::timestamp - interval '3 months' THEN 'active'
            WHEN coalesce(a.last, p."createdAt") > $1::timestamp - interval '5 months' THEN 'asleep' ELSE 'scheduled_deletion' END,
       p."createdAt", $1::timestamp
     FROM seed_people p
     LEFT JOIN (
       SELECT "customerId", sum("amountPence") FILTER (WHERE type = 'purchase') AS spent, max("createdAt") AS last,
         sum("pointsEarned" - "pointsRedeemed") AS points
       FROM seed_tx WHERE "deletedAt" IS NULL GROUP BY "customerId"
     ) a ON a."customerId" = p.id
     LEFT JOIN seed_opening o ON o."customerId" = p.id
     ORDER BY p.id`,
    [now],
  );
  await run(
    "loyalty cards",
    `INSERT INTO loyalty_cards ("businessId", "customerId", "membershipNumber", "cardNumber", "passkitStatus", "createdAt", "updatedAt")
     SELECT "businessId", id, "membershipNumber", 'CARD' || "membershipNumber", "passkitStatus", "createdAt", "createdAt" FROM seed_people ORDER BY id`,
  );
  return { transactions: tx.rowCount ?? 0, ledgerRows: moves };
}

/** The rollups the row triggers keep (off during the load), recounted for these businesses. */
export async function refreshRollups(run: Run, businessIds: number[]) {
  await run("customer_activity_refresh", "SELECT customer_activity_refresh($1::int[])", [businessIds]);
  await run("dashboard_rollups_refresh", "SELECT dashboard_rollups_refresh($1::int[])", [businessIds]);
}
