/** @jest-environment node */
import fc from "fast-check";
import { GET as listCustomers } from "@/app/api/customers/route";
import { LIST_COUNT_EXACT_UP_TO, SEARCH_COUNT_CAP } from "@/lib/customers/search-customers";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { reconcileLedgerForTest } from "../helpers/ledger-fixture";
import { missingConsents, voucherBlockReason } from "@/lib/rules/vouchers";
import { isClosedOrDeleted, isSleeping } from "@/lib/rules/ledger";
import { rateChangeBlock } from "@/lib/rules/rates";
import type { CustomerDto } from "@/lib/customers/customer-dto";

// Issue 23: GET /api/customers?q=&sort=&order=&limit=&cursor= searches, sorts and pages on the server.

type Row = { id: number; name: string; email: string; phone: string; membershipNumber: string; totalPoints: number; lifetimeSpent: string; lastVisit: string | null; createdAt: string };

async function page(cookie: string, query: string) {
  return call<Row[]>(listCustomers, { cookie, path: `/api/customers?${query}` });
}

/** Follows X-Next-Cursor to the end. */
async function readAll(cookie: string, query: string, limit: number): Promise<Row[][]> {
  const pages: Row[][] = [];
  let cursor: string | null = null;
  for (;;) {
    const res = await page(cookie, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.status).toBe(200);
    expect(res.json.length).toBeLessThanOrEqual(limit);
    pages.push(res.json);
    cursor = res.headers.get("x-next-cursor");
    if (!cursor) return pages;
  }
}

let biz: Awaited<ReturnType<typeof createBusinessSession>>;
let people: Row[];

beforeAll(async () => {
  biz = await createBusinessSession();
  const specs = [
    { name: "John Smith", email: "john.smith@example.com" },
    { name: "Joanna Baker", email: "jo.baker@example.com" },
    { name: "Zoë Ørsted", email: "zoe@example.org" },
    { name: "Ann O'Neil", email: "ann_100@example.net" },
    { name: "Bob Jones", email: "bob@example.com" },
    { name: "Carl Weathers", email: "carl@example.com" },
  ];
  const made = [];
  for (const s of specs) made.push(await addCustomer(biz.cookie, s));
  // Ties on every sort key: two customers with equal points, spent and join time, one never visited.
  const same = new Date("2025-06-01T12:00:00.123Z");
  const values = [
    { totalPoints: 50, lifetimeSpentPence: 1000, lastVisit: new Date("2026-01-02T03:04:05.678Z"), createdAt: same },
    { totalPoints: 50, lifetimeSpentPence: 1000, lastVisit: null, createdAt: same },
    { totalPoints: 10, lifetimeSpentPence: 99999, lastVisit: new Date("2026-03-01T00:00:00Z"), createdAt: new Date("2024-01-01T00:00:00Z") },
    { totalPoints: 0, lifetimeSpentPence: 0, lastVisit: null, createdAt: new Date("2026-02-01T00:00:00Z") },
    { totalPoints: 700, lifetimeSpentPence: 5, lastVisit: new Date("2025-12-24T10:00:00Z"), createdAt: new Date("2025-06-01T12:00:00.124Z") },
    { totalPoints: 3, lifetimeSpentPence: 3, lastVisit: new Date("2026-03-01T00:00:00Z"), createdAt: new Date("2023-05-05T05:05:05Z") },
  ];
  for (let i = 0; i < made.length; i++) await db.customer.update({ where: { id: made[i].id }, data: values[i] });
  await reconcileLedgerForTest(made.map((m) => m.id));
  const whole = await call<Row[]>(listCustomers, { cookie: biz.cookie });
  people = whole.json;
  expect(people).toHaveLength(6);
});

describe("GET /api/customers search (issue 23)", () => {
  const names = (rows: Row[]) => rows.map((r) => r.name).sort();

  it("finds a prefix or any part of the name, email, membership number or phone, case-insensitively", async () => {
    expect(names((await page(biz.cookie, "q=jo")).json)).toEqual(["Bob Jones", "Joanna Baker", "John Smith"]);
    expect(names((await page(biz.cookie, "q=SMITH")).json)).toEqual(["John Smith"]);
    expect(names((await page(biz.cookie, "q=example.org")).json)).toEqual(["Zoë Ørsted"]);
    expect(names((await page(biz.cookie, "q=ørs")).json)).toEqual(["Zoë Ørsted"]);
    const carl = people.find((p) => p.name === "Carl Weathers")!;
    expect(names((await page(biz.cookie, `q=${encodeURIComponent(carl.membershipNumber.slice(0, 6))}`)).json)).toContain("Carl Weathers");
    // The phone as stored (+44...) and as people type it (07... with spaces).
    expect(names((await page(biz.cookie, `q=${encodeURIComponent(carl.phone.slice(-6))}`)).json)).toEqual(["Carl Weathers"]);
    const national = `0${carl.phone.slice(3, 7)} ${carl.phone.slice(7)}`;
    expect(names((await page(biz.cookie, `q=${encodeURIComponent(national)}`)).json)).toEqual(["Carl Weathers"]);
  });

  it("tolerates a typo in a name", async () => {
    expect(names((await page(biz.cookie, "q=jonh")).json)).toContain("John Smith");
    // Near matches only when nothing matches as typed.
    expect(names((await page(biz.cookie, "q=john")).json)).toEqual(["John Smith"]);
    expect(names((await page(biz.cookie, "q=weathres")).json)).toEqual(["Carl Weathers"]);
    expect((await page(biz.cookie, "q=qqqqqq")).json).toEqual([]);
  });

  it("near matches page on like exact ones (their cursor says so)", async () => {
    const all = (await page(biz.cookie, "q=jonh&limit=50")).json.map((r) => r.id);
    expect(all.length).toBeGreaterThan(1);
    const first = await page(biz.cookie, "q=jonh&limit=1");
    expect(first.headers.get("x-next-cursor")).toMatch(/^~\d+\./);
    expect((await readAll(biz.cookie, "q=jonh", 1)).flat().map((r) => r.id)).toEqual(all);
  });

  it("% _ and \\ are literal, and another business's customers are never found", async () => {
    expect(names((await page(biz.cookie, `q=${encodeURIComponent("n_100")}`)).json)).toEqual(["Ann O'Neil"]);
    expect((await page(biz.cookie, `q=${encodeURIComponent("%")}`)).json).toEqual([]);
    expect((await page(biz.cookie, `q=${encodeURIComponent("\\")}`)).json).toEqual([]);
    const other = await createBusinessSession();
    expect((await page(other.cookie, "q=john")).json).toEqual([]);
    expect((await page(other.cookie, "sort=name")).json).toEqual([]);
  });

  it("the rows are the same CustomerDto objects as the whole list", async () => {
    const res = await page(biz.cookie, "q=john");
    expect(res.json).toEqual(people.filter((p) => p.name === "John Smith"));
  });

  const orders: [string, (a: Row, b: Row) => number][] = [
    ["sort=joined&order=desc", (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id],
    ["sort=joined&order=asc", (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id],
    ["sort=points&order=desc", (a, b) => b.totalPoints - a.totalPoints || b.id - a.id],
    ["sort=points&order=asc", (a, b) => a.totalPoints - b.totalPoints || a.id - b.id],
    ["sort=spent&order=desc", (a, b) => Number(b.lifetimeSpent) - Number(a.lifetimeSpent) || b.id - a.id],
    ["sort=lastVisit&order=desc", (a, b) => (b.lastVisit ?? "").localeCompare(a.lastVisit ?? "") || b.id - a.id],
    ["sort=lastVisit&order=asc", (a, b) => (a.lastVisit ?? "").localeCompare(b.lastVisit ?? "") || a.id - b.id],
  ];
  it.each(orders)("%s: every page size reads the whole list once, in order", async (query, compare) => {
    const expected = [...people].sort(compare).map((p) => p.id);
    for (const limit of [1, 2, 4, 6, 50]) {
      const pages = await readAll(biz.cookie, query, limit);
      expect(pages.flat().map((p) => p.id)).toEqual(expected);
      expect(pages).toHaveLength(Math.max(1, Math.ceil(6 / limit)));
    }
  });

  it("sort=name pages through names with ties and non-ASCII letters (property: any page size)", async () => {
    const expected = (await page(biz.cookie, "sort=name&limit=50")).json.map((p) => p.id);
    expect(expected).toHaveLength(6);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 7 }), fc.constantFrom("asc", "desc"), async (limit, order) => {
        const pages = await readAll(biz.cookie, `sort=name&order=${order}`, limit);
        const ids = pages.flat().map((p) => p.id);
        expect(ids).toEqual(order === "asc" ? expected : [...expected].reverse());
      }),
      { numRuns: 12 },
    );
  });

  it("search and sort together; the default order without sort is newest first", async () => {
    const res = await page(biz.cookie, "q=example.com&sort=points&order=desc");
    expect(res.json.map((r) => r.name)).toEqual(["Bob Jones", "Joanna Baker", "John Smith", "Carl Weathers"]);
    const def = await page(biz.cookie, "q=example");
    expect(def.json.map((r) => r.id)).toEqual(people.map((p) => p.id));
  });

  it("total=1: the first page says how many the list or the search holds; later pages do not count again", async () => {
    const total = (res: { headers: Headers }) => [res.headers.get("x-total-count"), res.headers.get("x-total-kind")];
    // More than one page: counted by the database.
    const first = await page(biz.cookie, "total=1&limit=2");
    expect(first.json).toHaveLength(2);
    expect(total(first)).toEqual(["6", "exact"]);
    const next = await page(biz.cookie, `total=1&limit=2&cursor=${first.headers.get("x-next-cursor")}`);
    expect(next.json).toHaveLength(2);
    expect(total(next)).toEqual([null, null]);
    // A search, a typo search (near matches) and one page that is the whole answer.
    expect(total(await page(biz.cookie, "q=example.com&sort=name&total=1&limit=1"))).toEqual(["4", "exact"]);
    const near = await page(biz.cookie, "q=jonh&total=1&limit=1");
    expect(total(near)).toEqual([String((await page(biz.cookie, "q=jonh&limit=50")).json.length), "exact"]);
    expect(total(await page(biz.cookie, "q=smith&total=1"))).toEqual(["1", "exact"]);
    expect(total(await page(biz.cookie, "q=qqqqqq&total=1"))).toEqual(["0", "exact"]);
    // Without total=1 nothing is counted; another business counts its own.
    expect(total(await page(biz.cookie, "sort=name&limit=2"))).toEqual([null, null]);
    const other = await createBusinessSession();
    expect(total(await page(other.cookie, "total=1"))).toEqual(["0", "exact"]);
    expect((await page(biz.cookie, "total=yes")).text).toContain("total must be 1");
  });

  it("total=1 on long lists: a search says 'at least' its cap, the whole list the planner's estimate", async () => {
    const big = await createBusinessSession();
    const n = LIST_COUNT_EXACT_UP_TO + 40;
    await db.$executeRawUnsafe(
      `INSERT INTO customers ("businessId", "firstName", "lastName", name, email, phone, "membershipNumber", "createdAt", "updatedAt")
       SELECT $1::int, 'Bulk', i::text, 'Bulk ' || i, 'bulk' || i || '-' || $1::int || '@example.com', '+4478' || lpad((i + $1::int * 20000)::text, 8, '0'),
              lpad((9000000000 + $1::int * 20000 + i)::text, 10, '0'), now(), now()
       FROM generate_series(1, $2::int) AS i`,
      big.businessId,
      n,
    );
    await db.$executeRawUnsafe(`ANALYZE customers`);
    const total = (res: { headers: Headers }) => [Number(res.headers.get("x-total-count")), res.headers.get("x-total-kind")] as const;
    const [count, kind] = total(await page(big.cookie, "total=1&limit=1"));
    expect(kind).toBe("about");
    expect(count).toBeGreaterThan(LIST_COUNT_EXACT_UP_TO);
    expect(Math.abs(count - n)).toBeLessThan(n * 0.1);
    expect(total(await page(big.cookie, "q=bulk&total=1&limit=5"))).toEqual([SEARCH_COUNT_CAP, "at-least"]);
    // Up to the cap, a search is counted.
    expect(total(await page(big.cookie, "q=bulk1000&total=1&limit=5"))).toEqual([11, "exact"]); // the emails bulk1000- and bulk10000- to bulk10009-
  });

  it("the documented calls still answer as before", async () => {
    const res = await page(biz.cookie, "limit=2");
    expect(res.json).toEqual(people.slice(0, 2));
    expect(res.headers.get("x-next-before")).toMatch(/^\d+-\d+$/);
  });

  it("bad parameters are 400 with a clear message, never 500", async () => {
    const bad: [string, string][] = [
      ["sort=email", "sort must be one of joined, name, points, spent, lastVisit"],
      ["order=up", "order must be asc or desc"],
      ["sort=points&cursor=abc", "cursor must be the cursor a previous page returned"],
      ["sort=points&cursor=5.notanumber", "cursor must be the cursor a previous page returned"],
      ["sort=joined&cursor=5.2026-13-45 99:00:00", "cursor must be the cursor a previous page returned"],
      ["sort=lastVisit&cursor=0.-infinity", "cursor must be the cursor a previous page returned"],
      [`q=${"x".repeat(101)}`, "q must be at most 100 characters"],
      ["q=a&limit=0", "limit must be at least 1"],
    ];
    for (const [query, message] of bad) {
      const res = await page(biz.cookie, query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.text).toContain(message);
    }
    expect((await call(listCustomers, { path: "/api/customers?q=john" })).status).toBe(401);
  });
});

describe("GET /api/customers?eligible= ('select all eligible', issue 23)", () => {
  it("is the ids the picker's own rules call eligible, for every channel choice and search", async () => {
    const ids = people.map((p) => p.id);
    // A spread of states and consents over the six customers.
    await db.customer.update({ where: { id: ids[0] }, data: { marketingConsentSms: true } });
    await db.customer.update({ where: { id: ids[1] }, data: { marketingConsentEmail: false, marketingConsentSms: true } });
    await db.customer.update({ where: { id: ids[2] }, data: { sleepStatus: "asleep" } });
    await db.customer.update({ where: { id: ids[3] }, data: { accountStatus: "snoozed" } });
    await db.customer.update({ where: { id: ids[4] }, data: { accountStatus: "closed", closedAt: new Date() } });
    const whole = (await call<CustomerDto[]>(listCustomers, { cookie: biz.cookie })).json;
    for (const [eligible, channels] of [
      ["email", { sendEmail: true, sendSms: false }],
      ["sms", { sendEmail: false, sendSms: true }],
      ["email,sms", { sendEmail: true, sendSms: true }],
      ["none", { sendEmail: false, sendSms: false }],
    ] as const) {
      for (const q of ["", "example.com", "jo"]) {
        const expected = whole
          .filter((c) => voucherBlockReason(c) === null && missingConsents(c, channels).length === 0)
          .filter((c) => !q || c.name.toLowerCase().includes(q) || c.email.toLowerCase().includes(q))
          .map((c) => c.id);
        const res = await call<number[]>(listCustomers, { cookie: biz.cookie, path: `/api/customers?eligible=${encodeURIComponent(eligible)}&q=${encodeURIComponent(q)}` });
        expect({ eligible, q, ids: res.json }).toEqual({ eligible, q, ids: expected });
      }
    }
    const other = await createBusinessSession();
    expect((await call<number[]>(listCustomers, { cookie: other.cookie, path: "/api/customers?eligible=none" })).json).toEqual([]);
    const bad = await call(listCustomers, { cookie: biz.cookie, path: "/api/customers?eligible=fax" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("eligible must be email, sms, email,sms or none");
  });
});

describe("GET /api/customers?status=&ids=&exclude= (the pickers' rules, issue 23)", () => {
  it("status=open leaves out closed accounts, status=active every account a rate change, gift or voucher may not reach; pages and counts follow", async () => {
    const shop = await createBusinessSession();
    const states = [
      { name: "Amy Active" },
      { name: "Sid Asleep", sleepStatus: "asleep" },
      { name: "Sue Snoozed", accountStatus: "snoozed" },
      { name: "Cal Closed", accountStatus: "closed", closedAt: new Date() },
      { name: "Dot Deletion", sleepStatus: "scheduled_deletion" },
      { name: "Pat Parked", parkedAt: new Date() },
      { name: "Ava Active" },
    ];
    for (const { name, ...data } of states) {
      const made = await addCustomer(shop.cookie, { name });
      await db.customer.update({ where: { id: made.id }, data });
    }
    const other = await createBusinessSession();
    await addCustomer(other.cookie, { name: "Amy Elsewhere" });
    const whole = (await call<CustomerDto[]>(listCustomers, { cookie: shop.cookie })).json;
    expect(whole).toHaveLength(6); // the parked one is not listed

    const listed = async (query: string) => {
      const rows = (await readAll(shop.cookie, `sort=name&order=asc&${query}`, 2)).flat();
      const first = await page(shop.cookie, `${query}&limit=1&total=1`);
      expect({ query, count: first.headers.get("x-total-count") }).toEqual({ query, count: String(rows.length) });
      return rows.map((r) => r.name);
    };
    const byRule = (keep: (c: CustomerDto) => boolean) => whole.filter(keep).map((c) => c.name).sort();
    expect(await listed("status=open")).toEqual(byRule((c) => !isClosedOrDeleted(c)));
    expect(await listed("status=open")).toEqual(["Amy Active", "Ava Active", "Dot Deletion", "Sid Asleep", "Sue Snoozed"]);
    expect(await listed("status=active")).toEqual(byRule((c) => rateChangeBlock(c) === null && !isSleeping(c) && voucherBlockReason(c) === null));
    expect(await listed("status=active")).toEqual(["Amy Active", "Ava Active"]);
    expect(await listed("status=active&q=amy")).toEqual(["Amy Active"]);
    expect(await listed("status=open&q=closed")).toEqual([]); // Cal Closed is closed ("ca" also matched a generated email now and then)

    const amy = whole.find((c) => c.name === "Amy Active")!;
    const cal = whole.find((c) => c.name === "Cal Closed")!;
    const pat = await db.customer.findFirstOrThrow({ where: { businessId: shop.businessId, name: "Pat Parked" } });
    const elsewhere = await db.customer.findFirstOrThrow({ where: { businessId: other.businessId } });
    expect(await listed(`status=active&exclude=${amy.id}`)).toEqual(["Ava Active"]);
    // ids: only those, and only this business's listed ones (another business's id is as missing as a parked one).
    expect(await listed(`ids=${amy.id},${cal.id},${pat.id},${elsewhere.id},${amy.id}`)).toEqual(["Amy Active", "Cal Closed"]);
    expect(await listed(`ids=${amy.id},${cal.id}&status=open`)).toEqual(["Amy Active"]);
    expect((await page(other.cookie, `ids=${amy.id}`)).json).toEqual([]);
    // The rows are the list's own objects.
    expect((await page(shop.cookie, `ids=${amy.id}`)).json).toEqual([whole.find((c) => c.id === amy.id)]);
  });

  it("bad filters are 400 with a clear message", async () => {
    const bad: [string, string][] = [
      ["status=closed", "status must be one of open, active"],
      ["ids=1,x", "ids must be customer ids separated by commas"],
      ["ids=", "ids must be customer ids separated by commas"],
      ["ids=0", "ids must be customer ids separated by commas"],
      ["ids=99999999999", "ids must be customer ids separated by commas"],
      [`ids=${Array.from({ length: 501 }, (_, i) => i + 1).join(",")}`, "ids may name at most 500 customers"],
      ["exclude=abc", "exclude must be a customer id"],
      ["exclude=0", "exclude must be a customer id"],
      ["exclude=1.5", "exclude must be a customer id"],
    ];
    for (const [query, message] of bad) {
      const res = await page(biz.cookie, query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.text).toContain(message);
    }
    expect((await call(listCustomers, { path: "/api/customers?status=open" })).status).toBe(401);
  });
});
