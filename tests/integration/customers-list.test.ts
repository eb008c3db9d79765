/** @jest-environment node */
import { GET as listCustomers } from "@/app/api/customers/route";
import { toCustomerDto } from "@/lib/customers/customer-dto";
import { streamCustomersJson } from "@/lib/customers/list-customers-json";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { reconcileLedgerForTest } from "../helpers/ledger-fixture";

/** Five customers, two created in the same millisecond: a cursor must keep both. */
async function fiveWithTies() {
  const biz = await createBusinessSession();
  const made = [];
  for (let i = 0; i < 5; i++) made.push(await addCustomer(biz.cookie));
  const same = new Date("2025-06-01T12:00:00.123Z");
  await db.customer.update({ where: { id: made[1].id }, data: { createdAt: same } });
  await db.customer.update({ where: { id: made[2].id }, data: { createdAt: same } });
  return { biz, made };
}

describe("GET /api/customers", () => {
  it("the database-built JSON is exactly the CustomerDto list, in the same order", async () => {
    const biz = await createBusinessSession();
    const a = await addCustomer(biz.cookie, { dateOfBirth: "1991-12-31" });
    const b = await addCustomer(biz.cookie);
    const c = await addCustomer(biz.cookie);
    await db.customer.update({
      where: { id: a.id },
      data: { lifetimeSpentPence: 123456, totalPoints: 42, lastVisit: new Date("2026-03-04T05:06:07.089Z"), pointsPerPound: 1.5, redemptionValue: 2.125, accountStatus: "closed", closedAt: new Date("2026-05-01T00:00:00Z") },
    });
    await db.customer.update({ where: { id: b.id }, data: { lifetimeSpentPence: 7 } });
    await reconcileLedgerForTest([a.id]);
    await db.customer.update({ where: { id: c.id }, data: { parkedAt: new Date() } });
    const res = await call<unknown[]>(listCustomers, { cookie: biz.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    // The reference: the same list through Prisma and the DTO mapper every other endpoint uses.
    const reference = await db.customer.findMany({
      where: { businessId: biz.businessId, parkedAt: null, accountStatus: { not: "archived" } },
      include: { card: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    expect(res.json).toEqual(reference.map(toCustomerDto));
    expect(res.json).toHaveLength(2);
    expect(res.json[1]).toMatchObject({ id: a.id, lifetimeSpent: "1234.56", pointsPerPound: 1.5, redemptionValue: "2.125", dateOfBirth: "1991-12-31", lastVisit: "2026-03-04T05:06:07.089Z" });
    expect(res.json[0]).toMatchObject({ id: b.id, lifetimeSpent: "0.07" });
  });

  it("is an empty array for a business with no customers, and 401 signed out", async () => {
    const biz = await createBusinessSession();
    expect((await call(listCustomers, { cookie: biz.cookie })).json).toEqual([]);
    expect((await call(listCustomers)).status).toBe(401);
  });

  it("the whole list streams in batches: any batch size gives the same JSON array as the reference", async () => {
    const { biz, made } = await fiveWithTies();
    await db.customer.update({ where: { id: made[4].id }, data: { parkedAt: new Date() } });
    const reference = await db.customer.findMany({
      where: { businessId: biz.businessId, parkedAt: null, accountStatus: { not: "archived" } },
      include: { card: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
    expect(reference).toHaveLength(4);
    for (const batch of [1, 2, 3, 4, 5]) {
      const text = await new Response(streamCustomersJson(biz.businessId, batch)).text();
      expect(JSON.parse(text)).toEqual(reference.map(toCustomerDto));
    }
    const empty = await createBusinessSession();
    expect(await new Response(streamCustomersJson(empty.businessId, 2)).text()).toBe("[]");
  });

  describe("a page at a time (?limit=&before=)", () => {
    /** Follows X-Next-Before to the end; every page is at most `limit` long. */
    async function readAllPages(cookie: string, limit: number) {
      const pages: unknown[][] = [];
      let path = `/api/customers?limit=${limit}`;
      for (;;) {
        const res = await call<unknown[]>(listCustomers, { cookie, path });
        expect(res.status).toBe(200);
        expect(res.json.length).toBeLessThanOrEqual(limit);
        pages.push(res.json);
        const next = res.headers.get("x-next-before");
        if (!next) return pages;
        expect(next).toMatch(/^\d+-\d+$/);
        path = `/api/customers?limit=${limit}&before=${encodeURIComponent(next)}`;
      }
    }

    it("the pages put together are exactly the whole list, ties on createdAt broken by id", async () => {
      const { biz, made } = await fiveWithTies();
      await db.customer.update({ where: { id: made[3].id }, data: { createdAt: new Date("2024-01-01T00:00:00.000Z") } });
      const whole = (await call<unknown[]>(listCustomers, { cookie: biz.cookie })).json;
      expect(whole).toHaveLength(5);
      for (const limit of [1, 2, 3, 5, 50]) {
        const pages = await readAllPages(biz.cookie, limit);
        expect(pages.flat()).toEqual(whole);
        expect(pages).toHaveLength(Math.max(1, Math.ceil(5 / limit)));
      }
    });

    it("a customer added while the list is being read does not shift the later pages", async () => {
      const biz = await createBusinessSession();
      for (let i = 0; i < 3; i++) await addCustomer(biz.cookie);
      const first = await call<{ id: number }[]>(listCustomers, { cookie: biz.cookie, path: "/api/customers?limit=2" });
      const next = first.headers.get("x-next-before")!;
      await addCustomer(biz.cookie);
      const rest = await call<{ id: number }[]>(listCustomers, { cookie: biz.cookie, path: `/api/customers?limit=2&before=${next}` });
      expect(rest.headers.get("x-next-before")).toBeNull();
      const whole = (await call<{ id: number }[]>(listCustomers, { cookie: biz.cookie })).json;
      expect([...first.json, ...rest.json].map((c) => c.id)).toEqual(whole.slice(1).map((c) => c.id));
    });

    it("an empty business is one empty page; another business's cursor shows nothing of theirs", async () => {
      const mine = await createBusinessSession();
      const theirs = await createBusinessSession();
      const empty = await call<unknown[]>(listCustomers, { cookie: mine.cookie, path: "/api/customers?limit=10" });
      expect(empty.status).toBe(200);
      expect(empty.json).toEqual([]);
      expect(empty.headers.get("x-next-before")).toBeNull();
      const a = await addCustomer(theirs.cookie);
      await addCustomer(theirs.cookie);
      const cursor = (await call<unknown[]>(listCustomers, { cookie: theirs.cookie, path: "/api/customers?limit=1" })).headers.get("x-next-before")!;
      const probe = await call<unknown[]>(listCustomers, { cookie: mine.cookie, path: `/api/customers?limit=10&before=${cursor}` });
      expect(probe.status).toBe(200);
      expect(probe.json).toEqual([]);
      expect(a.id).toBeGreaterThan(0);
    });

    it.each([
      ["limit=0", "limit must be at least 1"],
      ["limit=5001", "limit must be at most 5000"],
      ["limit=2.5", "limit must be a whole number"],
      ["limit=ten", "limit must be a whole number"],
      ["before=yesterday", "before must be the cursor a previous page returned"],
      ["before=1-0", "before must be the cursor a previous page returned"],
      ["before=1-99999999999", "before must be the cursor a previous page returned"],
      ["before=9999999999999999-1", "before must be the cursor a previous page returned"],
    ])("?%s is a 400 with a clear message", async (qs, message) => {
      const biz = await createBusinessSession();
      const res = await call<{ message: string }>(listCustomers, { cookie: biz.cookie, path: `/api/customers?${qs}` });
      expect(res.status).toBe(400);
      expect(res.json.message).toContain(message);
    });
  });
});
