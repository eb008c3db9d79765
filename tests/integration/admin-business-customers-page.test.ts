/** @jest-environment node */
import { GET as businessCustomers } from "@/app/api/admin/business-customers/[id]/route";
import type { AdminCustomerDto } from "@/lib/admin/admin-customers";
import { call, expectRefusal } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { adminSession } from "./admin-fixtures";

// Issue 23: the admin's Customers tab reads a business's customers a page at a time (a business may
// have 100,000), searched on the server; without paging parameters the whole list, as before.

const get = (cookie: string, businessId: number, query = "") =>
  call<AdminCustomerDto[]>(businessCustomers, {
    cookie,
    path: `/api/admin/business-customers/${businessId}${query ? `?${query}` : ""}`,
    params: { id: String(businessId) },
  });

describe("GET /api/admin/business-customers/{id}?q=&cursor=&limit=", () => {
  it("pages newest first by X-Next-Cursor, searches name, email and membership number, and keeps the whole list without parameters", async () => {
    const { cookie } = await adminSession();
    const owner = await createBusinessSession();
    const made: AdminCustomerDto[] = [];
    for (const name of ["Ada Page", "Bob Page", "Cy Page", "Di Other", "Ed Page"]) {
      const c = await addCustomer(owner.cookie, { name, email: `${name.toLowerCase().replace(" ", ".")}@example.test` });
      made.push({ id: c.id, membershipNumber: c.membershipNumber } as AdminCustomerDto);
    }
    const whole = await get(cookie, owner.businessId);
    expect(whole.status).toBe(200);
    const newestFirst = whole.json.map((c) => c.id);
    expect(newestFirst).toHaveLength(5);
    expect(whole.headers.get("x-next-cursor")).toBeNull();

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(cookie, owner.businessId, `limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      expect(res.json.length).toBeLessThanOrEqual(2);
      seen.push(...res.json.map((c) => c.id));
      cursor = res.headers.get("x-next-cursor");
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst);

    const byName = await get(cookie, owner.businessId, "q=PAGE&limit=50");
    expect(byName.json.map((c) => c.name).sort()).toEqual(["Ada Page", "Bob Page", "Cy Page", "Ed Page"]);
    const byEmail = await get(cookie, owner.businessId, `q=${encodeURIComponent("di.other@")}`);
    expect(byEmail.json.map((c) => c.name)).toEqual(["Di Other"]);
    const number = made[2].membershipNumber;
    const byNumber = await get(cookie, owner.businessId, `q=${encodeURIComponent(`${number.slice(0, 4)} ${number.slice(4)}`)}`);
    expect(byNumber.json.map((c) => c.id)).toEqual([made[2].id]);
    // % and _ are literal: no name holds them.
    expect((await get(cookie, owner.businessId, "q=%25")).json).toEqual([]);
    expect((await get(cookie, owner.businessId, "q=_")).json).toEqual([]);
  });

  it("never lists another business's customers", async () => {
    const { cookie } = await adminSession();
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    await addCustomer(a.cookie, { name: "Only In A" });
    const res = await get(cookie, b.businessId, "q=Only%20In%20A");
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });

  it.each([
    ["limit=0", "limit must be at least 1"],
    ["limit=201", "limit must be at most 200"],
    ["limit=ten", "limit must be a whole number"],
    ["cursor=abc", "cursor must be the cursor a previous page returned"],
    ["cursor=1-0", "cursor must be the cursor a previous page returned"],
    [`q=${"a".repeat(101)}`, "q must be at most 100 characters"],
  ])("refuses %s with 400", async (query, message) => {
    const { cookie } = await adminSession();
    const owner = await createBusinessSession();
    expectRefusal(await get(cookie, owner.businessId, query), 400, message);
  });

  it("is 404 for an unknown business and for the super admin only", async () => {
    const { cookie } = await adminSession();
    expect((await get(cookie, 2_000_000_000, "limit=5")).status).toBe(404);
    const owner = await createBusinessSession();
    expect((await get(owner.cookie, owner.businessId, "limit=5")).status).toBe(403);
  });
});
