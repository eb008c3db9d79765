// The correctness checks of `npm run bench:cluster`, run after (and between) the loads: over a
// direct connection to the database for the data, and over HTTP to each instance on its own port
// for the limits, sessions and cron (so "spread over the 3 instances" is certain, not left to the
// balancer's rotation).
import type { Client } from "pg";
import { call, type AckWrite } from "./mix";

export type Check = { name: string; ok: boolean; detail: string };

/** Every customer: balance = sum of its ledger = the last row's balanceAfter; no row the app wrote
 *  (id > sinceId: the seeded history is bulk-loaded, with a closing correction instead) below 0. */
export async function ledgerCheck(pg: Client, sinceId: number): Promise<Check> {
  const { rows } = await pg.query<{ customers: string; bad: string; negative: string; written: string }>(`
    WITH running AS (
      SELECT "customerId", id, points, "balanceAfter",
             sum(points) OVER (PARTITION BY "customerId" ORDER BY id) AS run,
             row_number() OVER (PARTITION BY "customerId" ORDER BY id DESC) AS from_end
      FROM points_ledger
    ), per AS (
      SELECT c.id, c."totalPoints",
             COALESCE(sum(r.points), 0) AS total,
             max(r."balanceAfter") FILTER (WHERE r.from_end = 1) AS last_after,
             count(*) FILTER (WHERE r."balanceAfter" <> r.run) AS drift,
             count(*) FILTER (WHERE r."balanceAfter" < 0 AND r.id > $1) AS negative,
             count(*) FILTER (WHERE r.id > $1) AS written
      FROM customers c LEFT JOIN running r ON r."customerId" = c.id
      GROUP BY c.id, c."totalPoints"
    )
    SELECT count(*) AS customers,
           count(*) FILTER (WHERE "totalPoints" <> total OR ("last_after" IS NOT NULL AND "last_after" <> "totalPoints") OR drift > 0) AS bad,
           sum(negative) AS negative, sum(written) AS written
    FROM per`, [sinceId]);
  const r = rows[0];
  return {
    name: "every balance equals its ledger",
    ok: Number(r.bad) === 0 && Number(r.negative) === 0,
    detail: `${r.customers} customers, ${r.bad} inconsistent; ${r.written} ledger rows written by the app, ${r.negative} of them below 0`,
  };
}

/** No voucher redeemed by two transactions; every redeemed voucher has exactly its one transaction. */
export async function voucherOnceCheck(pg: Client): Promise<Check> {
  const { rows } = await pg.query<{ twice: string; used: string }>(`
    SELECT (SELECT count(*) FROM (SELECT "voucherId" FROM transactions WHERE "voucherId" IS NOT NULL GROUP BY 1 HAVING count(*) > 1) d) AS twice,
           (SELECT count(*) FROM transactions WHERE "voucherId" IS NOT NULL) AS used`);
  return { name: "no voucher redeemed twice", ok: Number(rows[0].twice) === 0, detail: `${rows[0].used} voucher redemptions, ${rows[0].twice} vouchers used more than once` };
}

/** One voucher, 12 purchases using it at once spread over the instances: exactly one succeeds. */
export async function voucherRaceCheck(pg: Client, bases: string[], tenant: { businessId: number; cookie: string; customerId: number }): Promise<Check> {
  const code = `RACE${Date.now().toString(36).toUpperCase().slice(-5)}`;
  await pg.query(
    `INSERT INTO vouchers ("businessId", "customerId", "batchId", "promoCode", title, "discountType", "discountValue", "createdAt", "updatedAt")
     VALUES ($1, $2, 'cluster-race', $3, 'Race', 'fixed', 5, now(), now())`,
    [tenant.businessId, tenant.customerId, code],
  );
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) => call(bases[i % bases.length], "/api/transactions", { cookie: tenant.cookie, ip: "198.18.99.1", body: { customerId: tenant.customerId, type: "purchase", amount: "20.00", promoCode: code } })),
  );
  const ok = answers.filter((a) => a.status === 201).length;
  const other = answers.filter((a) => a.status !== 201).map((a) => a.status);
  const { rows } = await pg.query<{ n: string }>(`SELECT count(*) AS n FROM transactions t JOIN vouchers v ON v.id = t."voucherId" WHERE v."promoCode" = $1`, [code]);
  return {
    name: "one voucher used by 12 purchases at once on 3 instances is redeemed once",
    ok: ok === 1 && Number(rows[0].n) === 1 && other.every((s) => s >= 400 && s < 500),
    detail: `${ok} accepted, others ${JSON.stringify(other)}, ${rows[0].n} transactions with the voucher`,
  };
}

/** Every write a client was told succeeded (2xx) is in the database. */
export async function acknowledgedWritesCheck(pg: Client, writes: AckWrite[], label: string): Promise<Check> {
  const ids = (kind: AckWrite["kind"]) => writes.filter((w) => w.kind === kind).map((w) => w.id);
  const tx = ids("transaction");
  const cu = ids("customer");
  const foundTx = Number((await pg.query(`SELECT count(*) AS n FROM transactions WHERE id = ANY($1::int[])`, [tx])).rows[0].n);
  const foundCu = Number((await pg.query(`SELECT count(*) AS n FROM customers WHERE id = ANY($1::int[])`, [cu])).rows[0].n);
  const lost = tx.length - foundTx + (cu.length - foundCu);
  return { name: `${label}: 0 acknowledged writes lost`, ok: lost === 0, detail: `${tx.length} transactions and ${cu.length} customers acknowledged; ${lost} missing` };
}

/** Wrong passwords for one account from one address, in turn on each instance: no more pass than
 *  one instance allows (10 per 15 minutes), the rest 429. */
export async function loginLimitCheck(bases: string[], email: string): Promise<Check> {
  const statuses: number[] = [];
  for (let i = 0; i < 16; i++) statuses.push((await call(bases[i % bases.length], "/api/auth/login", { ip: "198.18.77.7", body: { email, password: `Wrong-passw0rd-${i}` } })).status);
  const passed = statuses.filter((s) => s === 401).length;
  return { name: "sign-in limit holds across instances", ok: passed === 10 && statuses.slice(10).every((s) => s === 429), detail: `16 wrong tries round-robin on ${bases.length} instances: ${passed} answered 401 (${JSON.stringify(statuses)})` };
}

/** A new customer's texted 4-digit code, 10 wrong guesses at once spread over the instances (each
 *  from its own address): 4 are counted as wrong, the fifth kills the code, the right code is refused. */
export async function codeAttemptsCheck(bases: string[], cookie: string): Promise<Check> {
  const tag = Math.random().toString(36).slice(2, 8);
  const pending = { name: `Guess Target ${tag}`, email: `guess-${tag}@bench.example`, phone: `077${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`, marketingConsentEmail: false, marketingConsentSms: false };
  const sent = await call(bases[0], "/api/customers/send-verification", { cookie, ip: "198.18.88.1", body: pending });
  if (sent.status !== 200) return { name: "4-digit code attempt limit holds across instances", ok: false, detail: `send-verification answered ${sent.status}` };
  const sms = await call(bases[1 % bases.length], `/api/test/last-simulated-sms?to=${encodeURIComponent(String(sent.json?.phone))}`, { cookie });
  const right = String(sms.json?.code);
  const data = (sent.json?.customerData as Record<string, unknown>) ?? pending;
  const guess = (code: string, i: number) => call(bases[i % bases.length], "/api/customers/verify-and-create", { cookie, ip: `198.18.89.${i + 1}`, body: { ...data, verificationCode: code, sendWelcomeEmail: false } });
  const wrong = Array.from({ length: 10 }, (_, i) => String((Number(right) + 1 + i) % 10_000).padStart(4, "0"));
  const answers = await Promise.all(wrong.map((c, i) => guess(c, i)));
  const counted = answers.filter((a) => a.status === 400).length;
  const last = await guess(right, 2);
  return {
    name: "4-digit code attempt limit holds across instances",
    ok: counted === 4 && answers.every((a) => a.status === 400 || a.status === 429) && last.status === 429,
    detail: `10 wrong guesses at once over ${bases.length} instances: ${counted} counted (400), ${answers.length - counted} refused; then the right code: ${last.status} ${String(last.json?.message ?? "")}`,
  };
}

/** Sign in through the balancer; the cookie works on every instance; sign out on one, refused on all. */
export async function sessionCheck(balancer: string, bases: string[], email: string, password: string): Promise<Check> {
  const res = await fetch(`${balancer}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "198.18.66.6" }, body: JSON.stringify({ email, password }) });
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).find((c) => c.includes("session-token"));
  if (res.status !== 200 || !cookie) return { name: "a session works on any instance", ok: false, detail: `login answered ${res.status}` };
  const before = await Promise.all(bases.map((b) => call(b, "/api/auth/user", { cookie })));
  const out = await call(bases[0], "/api/logout", { method: "POST", cookie, body: {} });
  const after = await Promise.all(bases.map((b) => call(b, "/api/auth/user", { cookie })));
  const ok = before.every((r) => r.status === 200) && out.status === 200 && after.every((r) => r.status === 401);
  return { name: "a session works on any instance (and its sign-out on all)", ok, detail: `signed in: ${before.map((r) => r.status)}; signed out on instance 1: ${after.map((r) => r.status)}` };
}

/** Every cron job fired on every instance at the same moment runs exactly once. */
export async function cronOnceCheck(bases: string[], jobs: string[], secret: string): Promise<Check> {
  const lines: string[] = [];
  let ok = true;
  for (const job of jobs) {
    const answers = await Promise.all(
      bases.map((b) =>
        fetch(`${b}/api/cron/${job}`, { headers: { authorization: `Bearer ${secret}` } })
          .then(async (r) => ({ status: r.status, json: (await r.json().catch(() => null)) as { ran?: boolean } | null }))
          .catch(() => ({ status: 0, json: null })),
      ),
    );
    const ran = answers.filter((a) => a.status === 200 && a.json?.ran === true).length;
    const fine = answers.every((a) => a.status === 200) && ran === 1;
    ok &&= fine;
    lines.push(`${job}: ${ran} ran (${answers.map((a) => a.status).join("/")})`);
  }
  return { name: "every cron job fired on all instances at once runs once", ok, detail: lines.join("; ") };
}
