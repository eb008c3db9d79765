/** @jest-environment node */
import { GET as lifecycleRoute } from "@/app/api/cron/customer-lifecycle/route";
import { runCustomerLifecycle } from "@/lib/customers/run-customer-lifecycle";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { addCustomer } from "../helpers/customers";

// The job acts on every business: it runs in the serial phase.
const DAY = 86_400_000;

describe("customer lifecycle job", () => {
  it("moves customers through active, asleep and scheduled_deletion by last visit, then archives; idempotent", async () => {
    const biz = await createBusinessSession();
    const now = new Date("2026-11-22T03:15:00Z");
    const fresh = await addCustomer(biz.cookie);
    const sleepy = await addCustomer(biz.cookie);
    const gone = await addCustomer(biz.cookie);
    const neverVisited = await addCustomer(biz.cookie);
    await db.customer.update({ where: { id: fresh.id }, data: { lastVisit: new Date(now.getTime() - 20 * DAY) } });
    await db.customer.update({ where: { id: sleepy.id }, data: { lastVisit: new Date("2026-07-01T10:00:00Z") } }); // ~4.7 months
    await db.customer.update({ where: { id: gone.id }, data: { lastVisit: new Date("2026-06-01T10:00:00Z"), sleepStatus: "asleep" } }); // ~5.7 months
    await db.customer.update({ where: { id: neverVisited.id }, data: { createdAt: new Date("2026-08-01T10:00:00Z") } }); // joined ~3.7 months ago

    const first = await runCustomerLifecycle(now);
    expect(first.sleepStatusesChanged).toBeGreaterThanOrEqual(3);
    const rows = Object.fromEntries((await db.customer.findMany({ where: { businessId: biz.businessId } })).map((c) => [c.id, c]));
    expect(rows[fresh.id].sleepStatus).toBe("active");
    expect(rows[sleepy.id].sleepStatus).toBe("asleep");
    expect(rows[neverVisited.id].sleepStatus).toBe("asleep");
    expect(rows[gone.id].sleepStatus).toBe("scheduled_deletion");
    expect(rows[gone.id].scheduledDeletionAt?.toISOString()).toBe(new Date(now.getTime() + 28 * DAY).toISOString());

    const again = await runCustomerLifecycle(now);
    expect(again).toMatchObject({ sleepStatusesChanged: 0, deletionsScheduled: 0, archivedInactive: 0 });

    // A visit in the grace period wakes the customer and cancels the deletion.
    await db.customer.update({ where: { id: gone.id }, data: { lastVisit: new Date(now.getTime() + 2 * DAY) } });
    await runCustomerLifecycle(new Date(now.getTime() + 3 * DAY));
    const woken = await db.customer.findUniqueOrThrow({ where: { id: gone.id } });
    expect(woken.sleepStatus).toBe("active");
    expect(woken.scheduledDeletionAt).toBeNull();

    // Without a visit, 28 days after scheduling the customer is archived: personal data removed, ledger kept.
    await db.customer.update({ where: { id: gone.id }, data: { lastVisit: new Date("2026-06-01T10:00:00Z") } });
    await runCustomerLifecycle(now);
    await db.$transaction([
      db.pointsLedgerEntry.create({ data: { businessId: biz.businessId, customerId: gone.id, kind: "bonus", points: 5, balanceAfter: 5, actorType: "owner" } }),
      db.customer.update({ where: { id: gone.id }, data: { totalPoints: 5 } }),
    ]);
    const result = await runCustomerLifecycle(new Date(now.getTime() + 29 * DAY));
    expect(result.archivedInactive).toBeGreaterThanOrEqual(1);
    const archived = await db.customer.findUniqueOrThrow({ where: { id: gone.id } });
    expect(archived).toMatchObject({ accountStatus: "archived", name: "Archived customer", dateOfBirth: null, marketingConsentEmail: false });
    expect(archived.email).toBe(`archived-${gone.id}@archived.invalid`);
    expect(await db.loyaltyCard.count({ where: { customerId: gone.id } })).toBe(0);
    // The ledger is kept, and the balance is forfeited through it: a deleted account holds no points.
    const ledger = await db.pointsLedgerEntry.findMany({ where: { customerId: gone.id }, orderBy: { id: "asc" } });
    expect(ledger.map((r) => [r.kind, r.points, r.balanceAfter])).toEqual([["bonus", 5, 5], ["forfeit", -5, 0]]);
    expect(archived.totalPoints).toBe(0);
    expect(await db.activityLog.count({ where: { businessId: biz.businessId, action: "customers_archived" } })).toBeGreaterThanOrEqual(1);
  });

  it("archives accounts closed more than 28 days ago, not those closed less", async () => {
    const biz = await createBusinessSession();
    const old = await addCustomer(biz.cookie);
    const recent = await addCustomer(biz.cookie);
    const now = new Date();
    await db.customer.update({ where: { id: old.id }, data: { accountStatus: "closed", closedAt: new Date(now.getTime() - 29 * DAY) } });
    await db.customer.update({ where: { id: recent.id }, data: { accountStatus: "closed", closedAt: new Date(now.getTime() - 27 * DAY) } });
    await runCustomerLifecycle(now);
    expect((await db.customer.findUniqueOrThrow({ where: { id: old.id } })).accountStatus).toBe("archived");
    expect((await db.customer.findUniqueOrThrow({ where: { id: recent.id } })).accountStatus).toBe("closed");
  });

  it("runs as a cron route", async () => {
    const res = await call<{ job: string; ran: boolean }>(lifecycleRoute);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ job: "customer-lifecycle", ran: true });
  });
});
