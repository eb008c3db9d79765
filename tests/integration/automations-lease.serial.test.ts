/** @jest-environment node */
import { PUT as updateRoute } from "@/app/api/automations/[kind]/route";
import { CLAIM_LEASE_MS, MAX_CLAIMS, runAutomations } from "@/lib/automations/run-automations";
import { defaultAutomation, type AutomationKind } from "@/lib/automations/automation-rules";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { insertCustomer } from "./vouchers-fixtures";

// Issue 25, crash safety: a claimed automation message is a lease. "The process dies between claim
// and send" is the delivery step throwing before it sends or records anything (the claim has
// committed, nothing else has); a later run after the lease takes the claim over and sends it
// exactly once, also when several instances run at once. Serial: the run acts on every business.

const mockCrash = { next: 0 };
jest.mock("@/lib/automations/deliver-automation-message", () => {
  const actual = jest.requireActual("@/lib/automations/deliver-automation-message");
  return {
    ...actual,
    deliverAutomationMessages: (...args: unknown[]) => {
      if (mockCrash.next > 0) {
        mockCrash.next--;
        return Promise.reject(new Error("process died between claim and send"));
      }
      return actual.deliverAutomationMessages(...args);
    },
  };
});

type Biz = Awaited<ReturnType<typeof createBusinessSession>>;

async function switchOn(biz: Biz, kind: AutomationKind, overrides: Record<string, unknown> = {}) {
  const { kind: _k, ...defaults } = defaultAutomation(kind);
  expect((await call(updateRoute, { method: "PUT", cookie: biz.cookie, params: { kind }, body: { ...defaults, enabled: true, ...overrides } })).status).toBe(200);
}

const sends = (customerId: number) => db.automationSend.findMany({ where: { customerId }, orderBy: { id: "asc" } });
const outbox = (customerId: number) => db.outboundMessage.findMany({ where: { customerId, emailType: "automation" } });
const later = (t: Date, ms: number) => new Date(t.getTime() + ms);

async function rewardReady(biz: Biz) {
  const c = await insertCustomer(biz.businessId);
  await db.$executeRaw`UPDATE customers SET "totalPoints" = 300, "minimumRedemption" = 100 WHERE id = ${c.id}`;
  await db.pointsLedgerEntry.create({ data: { businessId: biz.businessId, customerId: c.id, kind: "bonus", points: 300, balanceAfter: 300, reason: "fixture", actorType: "system" } });
  return c;
}

/** A reward-available message claimed at t0 by a run that then dies. */
async function claimedThenCrashed() {
  const biz = await createBusinessSession();
  await switchOn(biz, "reward_available");
  const c = await rewardReady(biz);
  const t0 = new Date("2026-04-02T10:00:00Z");
  mockCrash.next = 1;
  await runAutomations(t0);
  return { c, t0 };
}

afterEach(async () => {
  mockCrash.next = 0;
  await db.automation.updateMany({ data: { enabled: false } });
});

describe("an automation message claimed but not sent", () => {
  it("stays claimed while the lease runs, and is sent exactly once by a run after it", async () => {
    const { c, t0 } = await claimedThenCrashed(); // claims, then "dies"
    expect(await sends(c.id)).toMatchObject([{ status: "claimed", attempts: 1, leaseUntil: later(t0, CLAIM_LEASE_MS) }]);
    expect(await outbox(c.id)).toHaveLength(0);

    await runAutomations(later(t0, CLAIM_LEASE_MS - 60_000)); // another run inside the lease: not its message
    expect(await sends(c.id)).toMatchObject([{ status: "claimed", attempts: 1 }]);
    expect(await outbox(c.id)).toHaveLength(0);

    await runAutomations(later(t0, CLAIM_LEASE_MS + 60_000)); // the lease has run out: claimed again and sent
    expect(await sends(c.id)).toMatchObject([{ status: "sent", sentByEmail: true, attempts: 2, leaseUntil: null }]);
    expect(await outbox(c.id)).toHaveLength(1);

    await runAutomations(later(t0, 3 * CLAIM_LEASE_MS));
    expect(await sends(c.id)).toHaveLength(1);
    expect(await outbox(c.id)).toHaveLength(1);
  });

  it("three instances finding the expired lease at once send it once", async () => {
    const { c, t0 } = await claimedThenCrashed();
    const after = later(t0, CLAIM_LEASE_MS + 1);
    await Promise.all([runAutomations(after), runAutomations(after), runAutomations(after)]);
    expect(await sends(c.id)).toMatchObject([{ status: "sent", attempts: 2 }]);
    expect(await outbox(c.id)).toHaveLength(1);
  });

  it("a birthday's reward is given with the first claim only; the re-claim sends the message", async () => {
    const biz = await createBusinessSession();
    await switchOn(biz, "birthday", { daysBefore: 3, rewardPoints: 25 });
    const c = await insertCustomer(biz.businessId);
    await db.customer.update({ where: { id: c.id }, data: { dateOfBirth: new Date("1985-06-10T00:00:00Z") } });
    const t0 = new Date("2026-06-08T10:00:00Z");
    mockCrash.next = 1;
    await runAutomations(t0);
    expect(await sends(c.id)).toMatchObject([{ status: "claimed", rewardPoints: 25 }]);
    expect((await db.customer.findUniqueOrThrow({ where: { id: c.id } })).totalPoints).toBe(25);

    await runAutomations(later(t0, CLAIM_LEASE_MS + 1));
    expect(await sends(c.id)).toMatchObject([{ status: "sent", attempts: 2 }]);
    const [mail] = await outbox(c.id);
    expect(mail.text).toContain("25 bonus points");
    expect((await db.customer.findUniqueOrThrow({ where: { id: c.id } })).totalPoints).toBe(25);
    expect(await db.pointsLedgerEntry.count({ where: { customerId: c.id } })).toBe(1);
  });

  it(`is given up as failed after ${MAX_CLAIMS} claims that never sent`, async () => {
    const biz = await createBusinessSession();
    await switchOn(biz, "reward_available");
    const c = await rewardReady(biz);
    let t = new Date("2026-04-02T10:00:00Z");
    for (let i = 0; i < MAX_CLAIMS; i++) {
      mockCrash.next = 1;
      await runAutomations(t);
      t = later(t, CLAIM_LEASE_MS + 1);
    }
    expect(await sends(c.id)).toMatchObject([{ status: "claimed", attempts: MAX_CLAIMS }]);
    await runAutomations(t);
    expect(await sends(c.id)).toMatchObject([{ status: "failed", attempts: MAX_CLAIMS, note: `not sent: claimed ${MAX_CLAIMS} times, each run stopped before sending` }]);
    expect(await outbox(c.id)).toHaveLength(0);
  });
});
