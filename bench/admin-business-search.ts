// The super admin's business picker at 10,000 businesses (issue 23, task T5), through the
// GET /api/admin/businesses route handler in process (session, zod, domain, PostgreSQL; no HTTP
// server): what an admin types in the picker, one key at a time, and the pages after the first;
// beside it the whole list the three <select>s used to load (its time and its JSON size).
//   node --import tsx bench/admin-business-search.ts [--businesses 10000] [--customers 20] [--runs 5]
import { performance } from "node:perf_hooks";
import { Client } from "pg";
import { migrate } from "../scripts/lib/embedded-db";
import { throwawayDatabase } from "./lib/throwaway-db";
import { seedManyBusinesses } from "./seed-many";
import { benchMain, numberArg } from "./lib/child-bench";
import { timing, round2 } from "./lib/stats";
import type { BenchRow } from "./lib/results";
import { pointAppAt, type RouteHandler as Handler, trivialTimer } from "./lib/in-process";

const BUSINESSES = numberArg("businesses", 10_000);
const CUSTOMERS = numberArg("customers", 20);
const RUNS = numberArg("runs", 5);

/** Every prefix of what an admin types: a name, an email's part, a number, a miss. */
const TYPED = ["bench small café 4821", "small-", "@bench.example", "9137", "corner bakery"].flatMap((w) => Array.from(w, (_, i) => w.slice(0, i + 1)).filter((s) => s.trim() !== ""));

async function measure(): Promise<BenchRow[]> {
  const target = await throwawayDatabase();
  try {
    await migrate(target.url);
    const t0 = performance.now();
    await seedManyBusinesses(target.url, { businesses: BUSINESSES, customersEach: CUSTOMERS, transactionsEach: CUSTOMERS, vouchersEach: 0, seed: 0.23 });
    const seedMs = performance.now() - t0;
    const pg = new Client({ connectionString: target.url });
    await pg.connect();
    await pg.query("ANALYZE");
    const admin = await pg.query<{ id: number }>(`INSERT INTO super_admins (email, name, "passwordHash") VALUES ('bench-admin@bench.example', 'Bench Admin', 'x') RETURNING id`);
    await pg.end();

    pointAppAt(target.url);
    const { NextRequest } = await import("next/server");
    const { GET } = (await import("../app/api/admin/businesses/route")) as { GET: Handler };
    const { createSession } = await import("../lib/auth/session");
    const { sessionCookieName } = await import("../lib/auth/cookies");
    const session = await createSession({ kind: "admin", superAdminId: admin.rows[0].id });
    const cookie = `${sessionCookieName()}=${session.cookieValue}`;
    const get = async (query: string) => {
      const t = performance.now();
      const res = await GET(new NextRequest(`http://localhost/api/admin/businesses${query ? `?${query}` : ""}`, { headers: { cookie } }), { params: Promise.resolve({}) });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${query}: ${res.status} ${text.slice(0, 200)}`);
      return { ms: performance.now() - t, bytes: Buffer.byteLength(text), json: JSON.parse(text) as { nextCursor?: string | null } };
    };

    /** The trivial authenticated endpoint (the session only): the app's fixed cost per request, the
     *  floor next to each keystroke (on a shared, loaded machine the ratio says more than the ms). */
    const trivial = await trivialTimer(cookie);

    for (let i = 0; i < 5; i++) await get("q=warm&limit=20");
    const keystrokes: number[] = [];
    const floor: number[] = [];
    const byQuery = new Map<string, number>();
    for (let r = 0; r < RUNS; r++)
      for (const q of TYPED) {
        floor.push(await trivial());
        const { ms } = await get(`q=${encodeURIComponent(q)}&limit=20`);
        keystrokes.push(ms);
        byQuery.set(q, Math.max(byQuery.get(q) ?? 0, ms));
      }
    const search = timing(keystrokes);
    const floorT = timing(floor);
    // "More businesses": the unsearched list by name, 20 pages deep, then a page near its end.
    const pages: number[] = [];
    let pageBytes = 0;
    for (let r = 0; r < RUNS; r++) {
      let cursor: string | null | undefined = null;
      for (let p = 0; p < 20; p++) {
        const res = await get(`limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
        pages.push(res.ms);
        pageBytes = Math.max(pageBytes, res.bytes);
        cursor = res.json.nextCursor;
      }
      pages.push((await get(`limit=20&cursor=${encodeURIComponent(`2147483647.Bench Small Café 9`)}`)).ms);
    }
    const paged = timing(pages);
    const whole: number[] = [];
    let wholeBytes = 0;
    for (let i = 0; i < Math.max(3, RUNS); i++) {
      const res = await get("");
      whole.push(res.ms);
      wholeBytes = res.bytes;
    }
    const wholeT = timing(whole);
    const slowest = [...byQuery].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([q, ms]) => `"${q}" ${round2(ms)} ms`).join(", ");
    const label = `${BUSINESSES.toLocaleString("en-GB")} businesses`;
    return [
      {
        group: "admin",
        name: `GET /api/admin/businesses?q= picker keystroke p95 (${label}, ${TYPED.length} keystrokes x ${RUNS})`,
        value: round2(search.p95),
        unit: "ms",
        budget: "< 50 ms",
        met: search.p95 < 50,
        note: `median ${round2(search.median)} ms, max ${round2(search.max)} ms (slowest: ${slowest}); the trivial authenticated endpoint alongside: median ${round2(floorT.median)} ms, p95 ${round2(floorT.p95)} ms; seeded in ${(seedMs / 1000).toFixed(1)} s with ${CUSTOMERS} customers each; ${target.kind}`,
      },
      {
        group: "admin",
        name: `GET /api/admin/businesses?cursor= next pages p95 (${label}, 20 a page)`,
        value: round2(paged.p95),
        unit: "ms",
        budget: "< 50 ms",
        met: paged.p95 < 50,
        note: `median ${round2(paged.median)} ms; a page's JSON up to ${(pageBytes / 1024).toFixed(1)} kB`,
      },
      {
        group: "admin",
        name: `GET /api/admin/businesses whole list (${label}, what the pickers loaded before)`,
        value: round2(wholeT.median),
        unit: "ms",
        met: null,
        note: `p95 ${round2(wholeT.p95)} ms; JSON ${(wholeBytes / 1024 / 1024).toFixed(2)} MB`,
      },
    ];
  } finally {
    await target.drop();
  }
}

benchMain(measure);
