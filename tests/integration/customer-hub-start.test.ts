/** @jest-environment node */
import { GET as listCustomers } from "@/app/api/customers/route";
import { GET as parkedCustomers } from "@/app/api/customers/parked/route";
import { GET as usageRoute } from "@/app/api/subscription/usage/route";
import { getCustomerHubStart } from "@/lib/customers/get-customer-hub-start";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";

// Issue 23: /customers reads its first screen on the server. It must be what the hub's own requests
// answer the same business (the live hub keeps it as the first page of its list and asks no more):
// GET /api/customers?sort=joined&order=desc&limit=50&total=1 (rows, X-Next-Cursor as sent,
// X-Total-Count and X-Total-Kind), GET /api/subscription/usage and GET /api/customers/parked.

const FIRST_PAGE = "/api/customers?sort=joined&order=desc&limit=50&total=1";

async function expectRoutesAnswer(cookie: string, businessId: number) {
  const start = await getCustomerHubStart(businessId, new Date());
  expect(start).not.toBeNull();
  const page = await call<unknown[]>(listCustomers, { cookie, path: FIRST_PAGE });
  expect(page.status).toBe(200);
  const count = page.headers.get("x-total-count");
  expect(start!.firstPage).toEqual({
    rows: page.json,
    next: page.headers.get("x-next-cursor"),
    total: count === null ? null : { count: Number(count), kind: page.headers.get("x-total-kind") },
  });
  expect(start!.usage).toEqual((await call(usageRoute, { cookie })).json);
  expect(start!.parked).toEqual((await call(parkedCustomers, { cookie })).json);
  return start!;
}

describe("getCustomerHubStart", () => {
  it("a few customers, one parked: the first page, its count, the usage and the parked list", async () => {
    const biz = await createBusinessSession();
    const ids = [];
    for (const name of ["Ann Lee", "Bob Stone", "Cat Annand"]) ids.push((await addCustomer(biz.cookie, { name, email: `${name.split(" ")[0].toLowerCase()}-${Date.now()}@example.com` })).id);
    await db.customer.update({ where: { id: ids[1] }, data: { parkedAt: new Date(), parkedReason: "trial_limit" } });
    const start = await expectRoutesAnswer(biz.cookie, biz.businessId);
    expect(start.firstPage.rows).toHaveLength(2);
    expect(start.firstPage.next).toBeNull();
    expect(start.parked).toHaveLength(1);
  });

  it("more than a page: the next cursor as the route sends it", async () => {
    const biz = await createBusinessSession({ subscriptionStatus: "pro_max" });
    await db.business.update({ where: { id: biz.businessId }, data: { subscriptionStatus: "pro_max" } });
    const stamp = Date.now() % 1_000_000;
    await db.customer.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        businessId: biz.businessId,
        firstName: "Bulk",
        lastName: String(i),
        name: `Bulk ${i}`,
        email: `bulk-${i}-${stamp}@example.com`,
        phone: `+4477009${String(10000 + i).padStart(5, "0")}`,
        membershipNumber: `HUB${stamp}${String(i).padStart(2, "0")}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    });
    const start = await expectRoutesAnswer(biz.cookie, biz.businessId);
    expect(start.firstPage.rows).toHaveLength(50);
    expect(start.firstPage.next).not.toBeNull();
  });
});
