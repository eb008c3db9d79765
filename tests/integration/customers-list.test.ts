/** @jest-environment node */
import { GET as listCustomers } from "@/app/api/customers/route";
import { toCustomerDto } from "@/lib/customers/customer-dto";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";
import { reconcileLedgerForTest } from "../helpers/ledger-fixture";

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
});
