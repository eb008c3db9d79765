/** @jest-environment node */
import { randomUUID } from "node:crypto";
import { GET as businesses } from "@/app/api/admin/businesses/route";
import { GET as oneBusiness } from "@/app/api/admin/businesses/[id]/route";
import { db } from "@/lib/db";
import type { AdminBusinessDto } from "@/lib/admin/list-businesses";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { adminSession } from "./admin-fixtures";

// Issue 23: the super admin's business pickers search on the server, a page at a time, by name.
// Other tests add businesses at the same time: every search here names a tag only its own have.

type Page = { businesses: AdminBusinessDto[]; nextCursor: string | null };
const get = (cookie: string, query: string) => call<Page>(businesses, { cookie, path: `/api/admin/businesses?${query}` });

async function makeBusiness(name: string, email: string, data: Record<string, unknown> = {}) {
  return db.business.create({
    data: { name, email, businessAddress: "1 Test Street", phone: "+447700900123", ownerFirstName: "Test", ownerLastName: "Owner", passwordHash: "not-a-login", ...data },
  });
}

describe("GET /api/admin/businesses?q=&cursor=&limit=", () => {
  it("finds businesses by a part of the name or the email, any case, by name, a page at a time; never deleted ones", async () => {
    const { cookie } = await adminSession();
    const tag = `zq${randomUUID().slice(0, 8)}`;
    const made = await Promise.all(
      ["Delta", "alpha", "Charlie", "Bravo", "Echo"].map((n, i) => makeBusiness(`${n} ${tag} Cafe`, `${n.toLowerCase()}-${i}-${tag}@example.test`)),
    );
    await makeBusiness(`Aardvark ${tag} Cafe`, `gone-${tag}@example.test`, { accountStatus: "deleted" });

    // The database's order (its collation), then the id: ORDER BY name, id.
    const ordered = (await db.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM businesses WHERE id = ANY($1::int[]) ORDER BY name, id`, made.map((b) => b.id))).map((r) => r.id);
    const first = await get(cookie, `q=${tag.toUpperCase()}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.json.businesses.map((b) => b.id)).toEqual(ordered.slice(0, 2));
    // Every page, in order, until nextCursor is null.
    const seen: AdminBusinessDto[] = [...first.json.businesses];
    let cursor = first.json.nextCursor;
    let pages = 1;
    while (cursor) {
      const next = await get(cookie, `q=${tag}&limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(next.status).toBe(200);
      seen.push(...next.json.businesses);
      cursor = next.json.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen.map((b) => b.id)).toEqual(ordered);
    expect(seen.some((b) => b.email.startsWith("gone-"))).toBe(false);

    // A part of the email, and one letter's difference in case.
    const byEmail = await get(cookie, `q=${encodeURIComponent(`CHARLIE-2-${tag}@`)}`);
    expect(byEmail.json).toEqual({ businesses: [expect.objectContaining({ id: made[2].id, name: `Charlie ${tag} Cafe` })], nextCursor: null });
  });

  it("answers the picker's fields, with each business's open customers counted", async () => {
    const { cookie } = await adminSession();
    const owner = await createBusinessSession();
    await addCustomer(owner.cookie);
    const res = await get(cookie, `q=${encodeURIComponent(owner.email)}`);
    expect(res.status).toBe(200);
    expect(res.json.businesses).toEqual([
      expect.objectContaining({ id: owner.businessId, name: owner.businessName, email: owner.email, customerCount: 1, customerLimit: 10, accountStatus: "active", isFounderMember: false }),
    ]);
  });

  it("takes %, _ and \\ literally, and a short query still pages", async () => {
    const { cookie } = await adminSession();
    const tag = `zp${randomUUID().slice(0, 8)}`;
    const pct = await makeBusiness(`100% ${tag}`, `pct-${tag}@example.test`);
    await makeBusiness(`100x ${tag}`, `x-${tag}@example.test`);
    const res = await get(cookie, `q=${encodeURIComponent(`100% ${tag}`)}`);
    expect(res.json.businesses.map((b) => b.id)).toEqual([pct.id]);
    expect((await get(cookie, `q=${encodeURIComponent(`100_ ${tag}`)}`)).json.businesses).toEqual([]);
    const short = await get(cookie, "q=a&limit=3");
    expect(short.status).toBe(200);
    expect(short.json.businesses.length).toBeLessThanOrEqual(3);
    expect(short.json.businesses.every((b) => /a/i.test(b.name) || /a/i.test(b.email))).toBe(true);
  });

  it("without q, cursor or limit answers the whole list (an array), as before", async () => {
    const { cookie } = await adminSession();
    const res = await call<AdminBusinessDto[]>(businesses, { cookie, path: "/api/admin/businesses" });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    const paged = await get(cookie, "limit=1");
    expect(paged.json).toEqual({ businesses: [expect.any(Object)], nextCursor: expect.any(String) });
  });

  it.each([
    ["limit=0", "limit must be at least 1"],
    ["limit=101", "limit must be at most 100"],
    ["limit=ten", "limit must be a whole number"],
    ["limit=1.5", "limit must be a whole number"],
    ["cursor=abc", "cursor must be the cursor a previous page returned"],
    ["cursor=99999999999.x", "cursor must be the cursor a previous page returned"],
    ["cursor=0.Cafe", "cursor must be the cursor a previous page returned"],
    [`q=${"a".repeat(101)}`, "q must be at most 100 characters"],
  ])("refuses %s with 400", async (query, message) => {
    const { cookie } = await adminSession();
    expectRefusal(await get(cookie, query), 400, message);
  });

  it("is for the super admin only", async () => {
    const owner = await createBusinessSession();
    expect((await get(owner.cookie, "q=cafe")).status).toBe(403);
    expect((await call(businesses, { path: "/api/admin/businesses?q=cafe" })).status).toBe(401);
  });
});

describe("GET /api/admin/businesses/{id}", () => {
  it("answers the picked business's row as saved; a deleted or unknown one is 404, a bad id 400", async () => {
    const { cookie } = await adminSession();
    const tag = `zi${randomUUID().slice(0, 8)}`;
    const b = await makeBusiness(`Iota ${tag}`, `iota-${tag}@example.test`, { isFounderMember: true });
    const get1 = (id: string) => call<AdminBusinessDto>(oneBusiness, { cookie, path: `/api/admin/businesses/${id}`, params: { id } });
    const res = await get1(String(b.id));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: b.id, name: `Iota ${tag}`, isFounderMember: true, customerCount: 0 });
    await db.business.update({ where: { id: b.id }, data: { accountStatus: "deleted" } });
    expectRefusal(await get1(String(b.id)), 404, "Business not found");
    expect((await get1("abc")).status).toBe(400);
    const owner = await createBusinessSession();
    expect((await call(oneBusiness, { cookie: owner.cookie, path: `/api/admin/businesses/${b.id}`, params: { id: String(b.id) } })).status).toBe(403);
  });
});
