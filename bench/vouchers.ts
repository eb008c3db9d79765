// The voucher hub's list at scale (issue 23, T3), through the GET /api/promos and POST
// /api/promos/recent route handlers in process (session, zod, domain, PostgreSQL; no HTTP server):
//   node --import tsx bench/vouchers.ts [--vouchers 20000] [--customers 20000] [--others 5] [--runs 40] [--explain] [--write-results]
// Seeds one business with --vouchers vouchers (varied titles, descriptions and codes) over
// --customers customers, and --others businesses with as many again (so other businesses' rows
// are in every index); then: the hub's first page (newest 50 and the count) next to the whole list
// it read before issue 23 (time and bytes), a person typing in the search box (every prefix, each
// keystroke's first page with its count), the next page, the promo column's lookup for a page of
// 100 transactions, and the 'easy tiger' check for 5,000 selected customers. --explain prints the
// plans of the search and the first page.
import { performance } from "node:perf_hooks";
import { Client } from "pg";
import { migrate } from "../scripts/lib/embedded-db";
import { throwawayDatabase } from "./lib/throwaway-db";
import { seedLargeBusiness } from "./seed-large";
import { benchMain, flagArg, numberArg } from "./lib/child-bench";
import { timing, round2 } from "./lib/stats";
import type { BenchRow } from "./lib/results";
import { businessSessionCookie, pointAppAt, type RouteHandler as Handler, trivialTimer } from "./lib/in-process";

const VOUCHERS = numberArg("vouchers", 20_000);
const CUSTOMERS = numberArg("customers", 20_000);
const OTHERS = numberArg("others", 5);
const RUNS = numberArg("runs", 40);

const TITLES = ["Autumn treat", "Latte loyalty", "Croissant Tuesday", "Birthday cake", "Welcome back", "Summer sizzler", "Pastry deal", "Weekend brunch", "Coffee club", "Thank you"];
const DESCRIPTIONS = ["a warm welcome", "any hot drink", "with your coffee", "for our regulars", "one per visit"];
/** Every prefix of each word, as typed one key at a time ("x9q": matches nothing, the whole scan). */
const TYPED = ["latte", "croissant", "welcome", "bench7", "x9q"].flatMap((w) => Array.from(w, (_, i) => w.slice(0, i + 1)));

async function measure(): Promise<BenchRow[]> {
  const target = await throwawayDatabase();
  try {
    await migrate(target.url);
    const t0 = performance.now();
    const big = await seedLargeBusiness(target.url, { customers: CUSTOMERS, transactions: 0, vouchers: VOUCHERS, seed: 0.42, label: "Bench Voucher Café" });
    for (let i = 0; i < OTHERS; i++) await seedLargeBusiness(target.url, { customers: Math.round(CUSTOMERS / 5), transactions: 0, vouchers: VOUCHERS, seed: 0.1 + i / 100 });
    const pg = new Client({ connectionString: target.url });
    await pg.connect();
    // Varied titles, descriptions (a third have none) and codes, as a business writes them.
    await pg.query(
      `UPDATE vouchers SET title = (ARRAY[${TITLES.map((t) => `'${t}'`).join(",")}])[1 + id % ${TITLES.length}],
         description = CASE WHEN id % 3 = 0 THEN NULL ELSE (ARRAY[${DESCRIPTIONS.map((t) => `'${t}'`).join(",")}])[1 + id % ${DESCRIPTIONS.length}] END,
         "promoCode" = upper(substr(replace((ARRAY[${TITLES.map((t) => `'${t}'`).join(",")}])[1 + id % ${TITLES.length}], ' ', ''), 1, 8)) || (id % 50)`,
    );
    await pg.query("VACUUM ANALYZE vouchers");
    const seedMs = performance.now() - t0;

    pointAppAt(target.url);
    const { NextRequest } = await import("next/server");
    const { GET } = (await import("../app/api/promos/route")) as { GET: Handler };
    const { POST: RECENT } = (await import("../app/api/promos/recent/route")) as { POST: Handler };
    const cookie = await businessSessionCookie(big.businessId);
    /** The trivial authenticated endpoint (session only): the app's fixed cost per request, as bench/search.ts takes it. */
    const timeTrivial = await trivialTimer(cookie);
    const trivial = async () => ({ ms: await timeTrivial() });
    const get = async (query: string) => {
      const t = performance.now();
      const res = await GET(new NextRequest(`http://localhost/api/promos${query ? `?${query}` : ""}`, { headers: { cookie } }), { params: Promise.resolve({}) });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${query}: ${res.status} ${text.slice(0, 200)}`);
      return { ms: performance.now() - t, bytes: Buffer.byteLength(text), next: res.headers.get("x-next-cursor"), text };
    };
    const times = async (n: number, f: () => Promise<{ ms: number }>) => {
      const out: number[] = [];
      for (let i = 0; i < n + 3; i++) {
        const { ms } = await f();
        if (i >= 3) out.push(ms);
      }
      return timing(out);
    };

    const trivialT = await times(RUNS, trivial);
    const first = await get("sort=created&order=desc&limit=50&total=1");
    const firstT = await times(RUNS, () => get("sort=created&order=desc&limit=50&total=1"));
    const nextT = await times(RUNS, () => get(`sort=created&order=desc&limit=50&cursor=${first.next}`));
    const whole = await get("");
    const wholeT = await times(Math.max(3, Math.round(RUNS / 8)), () => get(""));

    const keystrokes: number[] = [];
    const byQuery = new Map<string, number>();
    for (let r = 0; r < Math.max(1, Math.round(RUNS / 10)); r++)
      for (const q of TYPED) {
        const { ms } = await get(`q=${encodeURIComponent(q)}&sort=created&order=desc&limit=50&total=1`);
        keystrokes.push(ms);
        byQuery.set(q, Math.max(byQuery.get(q) ?? 0, ms));
      }
    const search = timing(keystrokes);
    const slowest = [...byQuery].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([q, ms]) => `"${q}" ${round2(ms)} ms`).join(", ");

    // The promo column of 100 transactions: 100 customers, the codes they would have used.
    const sample = (await pg.query<{ customerId: number; promoCode: string }>(`SELECT "customerId", "promoCode" FROM vouchers WHERE "businessId" = $1 ORDER BY random() LIMIT 100`, [big.businessId])).rows;
    const codesQuery = `codes=${[...new Set(sample.map((s) => s.promoCode))].join(",")}&customerIds=${[...new Set(sample.map((s) => s.customerId))].join(",")}`;
    const codes = await get(codesQuery);
    const codesT = await times(RUNS, () => get(codesQuery));

    const ids = (await pg.query<{ id: number }>(`SELECT id FROM customers WHERE "businessId" = $1 ORDER BY id LIMIT 5000`, [big.businessId])).rows.map((r) => r.id);
    const recent = async () => {
      const t = performance.now();
      const res = await RECENT(new NextRequest("http://localhost/api/promos/recent", { method: "POST", headers: { cookie, "content-type": "application/json", origin: "http://localhost", host: "localhost" }, body: JSON.stringify({ customerIds: ids }) }), { params: Promise.resolve({}) });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`recent: ${res.status} ${text.slice(0, 200)}`);
      return { ms: performance.now() - t, bytes: Buffer.byteLength(text) };
    };
    const recentT = await times(RUNS, recent);

    if (flagArg("explain")) {
      const plan = async (label: string, sql: string, params: unknown[]) => {
        const rows = (await pg.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params)).rows.map((r) => r["QUERY PLAN"]);
        console.log(`\n-- ${label}\n${rows.join("\n")}`);
      };
      const like = `v.title ILIKE $2 OR v.description ILIKE $2 OR v."promoCode" ILIKE $2`;
      await plan("first page, newest first", `SELECT v.id, v."createdAt"::text AS key FROM vouchers v WHERE v."businessId" = $1::int ORDER BY v."createdAt" DESC, v.id DESC LIMIT 51`, [big.businessId]);
      await plan("count", `SELECT count(*)::int AS n FROM vouchers v WHERE v."businessId" = $1::int`, [big.businessId]);
      for (const q of ["latte", "x9q"]) {
        await plan(`search "${q}"`, `SELECT v.id, v."createdAt"::text AS key FROM vouchers v WHERE v."businessId" = $1::int AND (${like}) ORDER BY v."createdAt" DESC, v.id DESC LIMIT 51`, [big.businessId, `%${q}%`]);
        await plan(`search "${q}" count`, `SELECT count(*)::int AS n FROM vouchers v WHERE v."businessId" = $1::int AND (${like})`, [big.businessId, `%${q}%`]);
      }
      await plan("sort by title", `SELECT v.id, v.title AS key FROM vouchers v WHERE v."businessId" = $1::int ORDER BY v.title ASC, v.id ASC LIMIT 51`, [big.businessId]);
    }
    await pg.end();

    const n = (x: number) => x.toLocaleString("en-GB");
    const scale = `${n(VOUCHERS)} vouchers, ${n(CUSTOMERS)} customers; ${OTHERS} other businesses of ${n(VOUCHERS)} vouchers`;
    return [
      {
        group: "vouchers",
        name: `GET /api/promos first page with its count (newest 50, ${scale})`,
        value: round2(firstT.p95),
        unit: "ms",
        budget: "< 50 ms",
        met: firstT.p95 < 50,
        note: `median ${round2(firstT.median)} ms (the trivial authenticated endpoint: median ${round2(trivialT.median)} ms), ${n(first.bytes)} bytes; the next page p95 ${round2(nextT.p95)} ms; the whole list the hub read before issue 23: median ${round2(wholeT.median)} ms, ${n(whole.bytes)} bytes`,
      },
      {
        group: "vouchers",
        name: `GET /api/promos?q= search keystroke p95 (${scale}, ${TYPED.length} keystrokes x ${Math.max(1, Math.round(RUNS / 10))}, each with its count)`,
        value: round2(search.p95),
        unit: "ms",
        budget: "< 50 ms",
        met: search.p95 < 50,
        note: `median ${round2(search.median)} ms, max ${round2(search.max)} ms (slowest: ${slowest}); seeded in ${(seedMs / 1000).toFixed(1)} s; ${target.kind}`,
      },
      {
        group: "vouchers",
        name: `GET /api/promos?codes= the promo column of 100 transactions (${scale})`,
        value: round2(codesT.p95),
        unit: "ms",
        budget: "< 50 ms",
        met: codesT.p95 < 50,
        note: `median ${round2(codesT.median)} ms, ${n(codes.bytes)} bytes (${JSON.parse(codes.text).length} vouchers)`,
      },
      {
        group: "vouchers",
        name: `POST /api/promos/recent for 5,000 selected customers (${scale})`,
        value: round2(recentT.p95),
        unit: "ms",
        budget: "< 100 ms",
        met: recentT.p95 < 100,
        note: `median ${round2(recentT.median)} ms`,
      },
    ];
  } finally {
    await target.drop().catch(() => {});
  }
}

if (require.main === module) benchMain(measure);
