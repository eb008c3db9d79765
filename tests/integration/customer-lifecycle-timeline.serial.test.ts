/** @jest-environment node */
import { POST as create } from "@/app/api/transactions/route";
import { PUT as edit } from "@/app/api/transactions/[id]/route";
import { PATCH as snooze } from "@/app/api/customers/[id]/snooze/route";
import { PATCH as close } from "@/app/api/customers/[id]/close/route";
import { runCustomerLifecycle } from "@/lib/customers/run-customer-lifecycle";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { addCustomer } from "../helpers/customers";
import { ledgerCheckedBusinesses } from "../helpers/ledger";

// Issue 17 item 3: the customer lifecycle timeline of spec 1 section 4, every path, by moving the
// injected clock (x-test-now on the routes, `now` for the job). The job acts on every business, so
// this file runs in the serial phase.

const T0 = new Date("2026-01-10T12:00:00Z");
const at = (iso: string) => new Date(iso);
const newBusiness = ledgerCheckedBusinesses();

async function customerWithPurchase(when: Date) {
  const biz = await newBusiness();
  const customer = await addCustomer(biz.cookie);
  const res = await call<{ transaction: { id: number } }>(create, { method: "POST", cookie: biz.cookie, body: { customerId: customer.id, type: "purchase", amount: "25.00" }, headers: { "x-test-now": when.toISOString() } });
  expect(res.status).toBe(201);
  return { biz, customer, transactionId: res.json.transaction.id };
}
const state = (id: number) => db.customer.findUniqueOrThrow({ where: { id }, select: { accountStatus: true, sleepStatus: true, scheduledDeletionAt: true, totalPoints: true, email: true } });

describe("customer lifecycle timeline (spec 1 section 4)", () => {
  it("active -> asleep at 3 months -> scheduled_deletion at 5 months -> deleted 28 days later", async () => {
    const { customer } = await customerWithPurchase(T0);
    await runCustomerLifecycle(at("2026-04-09T12:00:00Z"));
    expect((await state(customer.id)).sleepStatus).toBe("active");
    await runCustomerLifecycle(at("2026-04-11T12:00:00Z"));
    expect((await state(customer.id)).sleepStatus).toBe("asleep");
    await runCustomerLifecycle(at("2026-06-11T12:00:00Z"));
    const scheduled = await state(customer.id);
    expect(scheduled.sleepStatus).toBe("scheduled_deletion");
    expect(scheduled.scheduledDeletionAt?.toISOString()).toBe("2026-07-09T12:00:00.000Z");
    await runCustomerLifecycle(at("2026-07-09T11:59:00Z"));
    expect((await state(customer.id)).accountStatus).toBe("active");
    await runCustomerLifecycle(at("2026-07-09T12:00:00Z"));
    expect(await state(customer.id)).toMatchObject({ accountStatus: "archived", totalPoints: 0 });
  });

  it("snoozed -> deleted 5 months after the SNOOZE, not after the last visit (issue 17: seen 4.5 months ago, snoozed today, deleted ~6 weeks later)", async () => {
    const { biz, customer } = await customerWithPurchase(T0);
    const snoozedAt = at("2026-05-25T12:00:00Z"); // 4.5 months after the last visit
    expect((await call(snooze, { method: "PATCH", cookie: biz.cookie, params: { id: String(customer.id) }, headers: { "x-test-now": snoozedAt.toISOString() } })).status).toBe(200);
    expect((await state(customer.id)).scheduledDeletionAt?.toISOString()).toBe("2026-10-25T12:00:00.000Z");
    // Six weeks after the snooze (when the old rule deleted them) and later: still there, snoozed.
    for (const when of ["2026-07-06T12:00:00Z", "2026-08-10T12:00:00Z", "2026-10-25T11:59:00Z"]) {
      await runCustomerLifecycle(at(when));
      expect({ when, ...(await state(customer.id)) }).toMatchObject({ when, accountStatus: "snoozed", scheduledDeletionAt: at("2026-10-25T12:00:00Z") });
    }
    await runCustomerLifecycle(at("2026-10-25T12:00:00Z"));
    expect(await state(customer.id)).toMatchObject({ accountStatus: "archived", totalPoints: 0 });
  });

  it("a purchase wakes a snoozed customer and cancels the snooze's deletion; a bonus would not have", async () => {
    const { biz, customer } = await customerWithPurchase(T0);
    await call(snooze, { method: "PATCH", cookie: biz.cookie, params: { id: String(customer.id) }, headers: { "x-test-now": "2026-02-01T12:00:00Z" } });
    const bonus = await call(create, { method: "POST", cookie: biz.cookie, body: { customerId: customer.id, type: "bonus_points", amount: "5" }, headers: { "x-test-now": "2026-03-01T12:00:00Z" } });
    expect(bonus.status).toBe(409);
    const buy = await call(create, { method: "POST", cookie: biz.cookie, body: { customerId: customer.id, type: "purchase", amount: "2.00" }, headers: { "x-test-now": "2026-03-01T12:00:00Z" } });
    expect(buy.status).toBe(201);
    expect(await state(customer.id)).toMatchObject({ accountStatus: "active", sleepStatus: "active", scheduledDeletionAt: null });
    await runCustomerLifecycle(at("2026-07-02T12:00:00Z")); // 5 months after the snooze, 4 after the purchase
    expect(await state(customer.id)).toMatchObject({ accountStatus: "active", sleepStatus: "asleep" });
  });

  it("closed -> read-only for 28 days (no edits, no transactions) -> deleted", async () => {
    const { biz, customer, transactionId } = await customerWithPurchase(T0);
    const closedAt = at("2026-02-01T09:00:00Z");
    expect((await call(close, { method: "PATCH", cookie: biz.cookie, params: { id: String(customer.id) }, headers: { "x-test-now": closedAt.toISOString() } })).status).toBe(200);
    const day27 = "2026-02-28T09:00:00Z";
    await runCustomerLifecycle(at(day27));
    expect((await state(customer.id)).accountStatus).toBe("closed");
    const edited = await call(edit, { method: "PUT", cookie: biz.cookie, params: { id: String(transactionId) }, body: { type: "purchase", amount: "25.00", pointsEarned: 125, pointsRedeemed: 0 }, headers: { "x-test-now": day27 } });
    expect(edited.status).toBe(409);
    const bought = await call(create, { method: "POST", cookie: biz.cookie, body: { customerId: customer.id, type: "purchase", amount: "1" }, headers: { "x-test-now": day27 } });
    expect(bought.status).toBe(409);
    expect((await state(customer.id)).totalPoints).toBe(0);
    await runCustomerLifecycle(at("2026-03-01T09:00:00Z"));
    expect((await state(customer.id)).accountStatus).toBe("archived");
  });

  it("parked customers are left alone by the inactivity rules (no sleep change, no deletion)", async () => {
    const { customer } = await customerWithPurchase(T0);
    await db.customer.update({ where: { id: customer.id }, data: { parkedAt: at("2026-01-20T00:00:00Z"), parkedReason: "downgrade_compliance" } });
    await runCustomerLifecycle(at("2026-09-01T00:00:00Z"));
    await runCustomerLifecycle(at("2026-12-01T00:00:00Z"));
    expect(await state(customer.id)).toMatchObject({ accountStatus: "active", sleepStatus: "active", scheduledDeletionAt: null, totalPoints: 25 });
  });
});
