/** @jest-environment node */
import { GET as getCustomer, PATCH as patchCustomer } from "@/app/api/customers/[id]/route";
import { PATCH as snooze } from "@/app/api/customers/[id]/snooze/route";
import { PATCH as closeByBusiness } from "@/app/api/customers/[id]/close-by-business/route";
import { PATCH as close } from "@/app/api/customers/[id]/close/route";
import { PATCH as reactivate } from "@/app/api/customers/[id]/reactivate/route";
import { GET as lastTransaction } from "@/app/api/customers/[id]/transactions/last/route";
import { GET as listCustomers } from "@/app/api/customers/route";
import { GET as parked } from "@/app/api/customers/parked/route";
import { db } from "@/lib/db";
import type { CustomerDto } from "@/lib/customers/customer-dto";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";

const READ_ONLY = "Update not allowed: Cannot modify data for closed accounts. Account is read-only for 28 days.";
const params = (id: number) => ({ id: String(id) });

/** A new business's customer holding this many points, written through the ledger as a bonus. */
async function customerWithPoints(points: number) {
  const biz = await createBusinessSession();
  const c = await addCustomer(biz.cookie);
  await db.$transaction([
    db.customer.update({ where: { id: c.id }, data: { totalPoints: points } }),
    db.pointsLedgerEntry.create({ data: { businessId: biz.businessId, customerId: c.id, kind: "bonus", points, balanceAfter: points, actorType: "owner" } }),
  ]);
  return { biz, c };
}

describe("editing a customer", () => {
  it("updates details, splits a new name, and records who changed consent and when", async () => {
    const biz = await createBusinessSession();
    const c = await addCustomer(biz.cookie, { marketingConsentEmail: false });
    const at = "2026-11-20T10:00:00.000Z";
    const res = await call<CustomerDto>(patchCustomer, {
      method: "PATCH",
      cookie: biz.cookie,
      params: params(c.id),
      body: { name: "Mary Ann Smith", email: "MARY@Example.test", marketingConsentEmail: true, dateOfBirth: "1985-02-03" },
      headers: { "x-test-now": at },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: "Mary Ann Smith",
      firstName: "Mary Ann",
      lastName: "Smith",
      email: "mary@example.test",
      dateOfBirth: "1985-02-03",
      marketingConsentEmail: true,
      marketingPreferencesLastUpdatedBy: "business",
      marketingPreferencesLastUpdatedAt: at,
    });
    const log = await db.activityLog.findFirstOrThrow({ where: { businessId: biz.businessId, action: "customer_consent_updated" } });
    expect(log.oldValues).toMatchObject({ marketingConsentEmail: false });
    expect(log.newValues).toMatchObject({ marketingConsentEmail: true });
  });

  it("validates: an empty name or a bad email is a 400; a duplicate email in the business is a 409", async () => {
    const biz = await createBusinessSession();
    const a = await addCustomer(biz.cookie);
    const b = await addCustomer(biz.cookie);
    expect((await call(patchCustomer, { method: "PATCH", cookie: biz.cookie, params: params(a.id), body: { name: "" } })).json).toMatchObject({ message: "Name is required" });
    expect((await call(patchCustomer, { method: "PATCH", cookie: biz.cookie, params: params(a.id), body: { email: "x@" } })).json).toMatchObject({ message: "Please enter a valid email address" });
    const dup = await call(patchCustomer, { method: "PATCH", cookie: biz.cookie, params: params(a.id), body: { email: b.email } });
    expect(dup.status).toBe(409);
    expect(dup.json).toMatchObject({ message: "A customer with this email already exists" });
    expect((await call(patchCustomer, { method: "PATCH", cookie: biz.cookie, params: { id: "abc" }, body: {} })).status).toBe(400);
    expect((await call(patchCustomer, { method: "PATCH", cookie: biz.cookie, params: { id: "-3" }, body: {} })).status).toBe(400);
  });
});

describe("account status", () => {
  it("snooze, reactivate, and permanent close (points forfeited through the ledger, read-only afterwards)", async () => {
    const { biz, c } = await customerWithPoints(40);

    const snoozed = await call<CustomerDto>(snooze, { method: "PATCH", cookie: biz.cookie, params: params(c.id) });
    expect(snoozed.json.accountStatus).toBe("snoozed");
    expect((await call(snooze, { method: "PATCH", cookie: biz.cookie, params: params(c.id) })).status).toBe(409);
    const woke = await call<CustomerDto>(reactivate, { method: "PATCH", cookie: biz.cookie, params: params(c.id) });
    expect(woke.json.accountStatus).toBe("active");
    expect((await call(reactivate, { method: "PATCH", cookie: biz.cookie, params: params(c.id) })).json).toMatchObject({ message: "Only snoozed accounts can be reactivated" });

    const closed = await call<CustomerDto>(closeByBusiness, { method: "PATCH", cookie: biz.cookie, params: params(c.id) });
    expect(closed.json).toMatchObject({ accountStatus: "closed", totalPoints: 0, marketingConsentEmail: false, marketingConsentSms: false });
    expect(closed.json.closedAt).not.toBeNull();
    const ledger = await db.pointsLedgerEntry.findMany({ where: { customerId: c.id }, orderBy: { id: "asc" } });
    expect(ledger.reduce((s, e) => s + e.points, 0)).toBe(0);
    expect(ledger.at(-1)).toMatchObject({ kind: "forfeit", points: -40, balanceAfter: 0 });

    const edit = await call(patchCustomer, { method: "PATCH", cookie: biz.cookie, params: params(c.id), body: { name: "New Name" } });
    expect(edit.status).toBe(409);
    expect(edit.json).toMatchObject({ message: READ_ONLY });
    expect((await call(reactivate, { method: "PATCH", cookie: biz.cookie, params: params(c.id) })).json).toMatchObject({ message: "Closed accounts cannot be reactivated" });
    expect((await call(close, { method: "PATCH", cookie: biz.cookie, params: params(c.id) })).json).toMatchObject({ message: "This account is already closed" });
    expect((await call(snooze, { method: "PATCH", cookie: biz.cookie, params: params(c.id) })).json).toMatchObject({ message: READ_ONLY });
    const actions = (await db.activityLog.findMany({ where: { businessId: biz.businessId, recordId: String(c.id) }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["customer_created", "customer_snoozed", "customer_reactivated", "customer_closed"]);
  });

  it("two closes at once: one wins, the ledger forfeits once", async () => {
    const { biz, c } = await customerWithPoints(25);
    const results = await Promise.all([1, 2, 3].map(() => call(closeByBusiness, { method: "PATCH", cookie: biz.cookie, params: params(c.id) })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await db.pointsLedgerEntry.count({ where: { customerId: c.id, kind: "forfeit" } })).toBe(1);
  });
});

describe("tenant isolation for customers", () => {
  it("business B gets 404 on every customer route for A's customer and changes nothing", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    const c = await addCustomer(a.cookie);
    const before = await db.customer.findUniqueOrThrow({ where: { id: c.id } });
    const attempts = [
      call(getCustomer, { cookie: b.cookie, params: params(c.id) }),
      call(patchCustomer, { method: "PATCH", cookie: b.cookie, params: params(c.id), body: { name: "Hacked Name" } }),
      call(snooze, { method: "PATCH", cookie: b.cookie, params: params(c.id) }),
      call(closeByBusiness, { method: "PATCH", cookie: b.cookie, params: params(c.id) }),
      call(close, { method: "PATCH", cookie: b.cookie, params: params(c.id) }),
      call(reactivate, { method: "PATCH", cookie: b.cookie, params: params(c.id) }),
      call(lastTransaction, { cookie: b.cookie, params: params(c.id) }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ message: "Customer not found" });
    }
    expect(await db.customer.findUniqueOrThrow({ where: { id: c.id } })).toEqual(before);
    expect((await call<CustomerDto[]>(listCustomers, { cookie: b.cookie })).json).toEqual([]);
    expect((await call<unknown[]>(parked, { cookie: b.cookie })).json).toEqual([]);
  });
});

describe("GET /api/customers/{id}/transactions/last and parked customers", () => {
  it("returns the latest live transaction's time, or null", async () => {
    const biz = await createBusinessSession();
    const c = await addCustomer(biz.cookie);
    expect((await call(lastTransaction, { cookie: biz.cookie, params: params(c.id) })).json).toEqual({ id: null, type: null, createdAt: null });
    const base = { businessId: biz.businessId, customerId: c.id, type: "purchase", amountPence: 500, actorType: "owner" };
    await db.transaction.create({ data: { ...base, createdAt: new Date("2026-01-01T10:00:00Z") } });
    await db.transaction.create({ data: { ...base, createdAt: new Date("2026-02-01T10:00:00Z") } });
    await db.transaction.create({ data: { ...base, createdAt: new Date("2026-03-01T10:00:00Z"), deletedAt: new Date() } });
    expect((await call(lastTransaction, { cookie: biz.cookie, params: params(c.id) })).json).toMatchObject({ createdAt: "2026-02-01T10:00:00.000Z", type: "purchase" });
  });

  it("lists parked customers apart from the hub, with days until deletion never below 0", async () => {
    const biz = await createBusinessSession();
    const c1 = await addCustomer(biz.cookie);
    const c2 = await addCustomer(biz.cookie);
    const now = new Date("2026-06-10T12:00:00Z");
    await db.customer.update({ where: { id: c1.id }, data: { parkedAt: new Date("2026-06-01T12:00:00Z"), parkedReason: "trial_limit", scheduledDeletionAt: new Date("2026-06-29T12:00:00Z") } });
    await db.customer.update({ where: { id: c2.id }, data: { parkedAt: new Date("2026-04-01T12:00:00Z"), parkedReason: "payment_failed", scheduledDeletionAt: new Date("2026-04-29T12:00:00Z") } });
    const res = await call<{ id: number; daysUntilDeletion: number; parkedReason: string }[]>(parked, { cookie: biz.cookie, headers: { "x-test-now": now.toISOString() } });
    const byId = new Map(res.json.map((p) => [p.id, p]));
    expect(byId.get(c1.id)).toMatchObject({ daysUntilDeletion: 19, parkedReason: "trial_limit" });
    expect(byId.get(c2.id)).toMatchObject({ daysUntilDeletion: 0 });
    await db.customer.update({ where: { id: c2.id }, data: { scheduledDeletionAt: null } });
    const unscheduled = await call<{ id: number; daysUntilDeletion: number | null; scheduledDeletionAt: string | null }[]>(parked, { cookie: biz.cookie, headers: { "x-test-now": now.toISOString() } });
    expect(unscheduled.json.find((p) => p.id === c2.id)).toMatchObject({ daysUntilDeletion: null, scheduledDeletionAt: null });
    expect((await call<CustomerDto[]>(listCustomers, { cookie: biz.cookie })).json).toEqual([]);
  });
});
