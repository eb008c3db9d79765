/** @jest-environment node */
import { GET as insightsRoute } from "@/app/api/insights/route";
import { defaultAutomation } from "@/lib/automations/automation-rules";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { insertCustomer } from "./vouchers-fixtures";

// Issue 25: the Insights numbers against a hand-computed fixture (the sums are worked out in the
// comments). The ledger rows and balances are written together so the ledger invariant holds.

const NOW = "2026-06-10T12:00:00Z";
const at = (iso: string) => new Date(iso);

async function member(businessId: number, joined: string, status = "active") {
  const c = await insertCustomer(businessId, { accountStatus: status });
  return db.customer.update({ where: { id: c.id }, data: { createdAt: at(joined) } });
}

let balance = new Map<number, number>();
async function purchase(businessId: number, customerId: number, when: string, pounds: number) {
  await db.transaction.create({ data: { businessId, customerId, type: "purchase", amountPence: pounds * 100, pointsEarned: pounds, actorType: "owner", createdAt: at(when) } });
  await ledger(businessId, customerId, "earn", pounds, when);
}
async function ledger(businessId: number, customerId: number, kind: string, points: number, when: string) {
  const b = (balance.get(customerId) ?? 0) + points;
  balance.set(customerId, b);
  await db.pointsLedgerEntry.create({ data: { businessId, customerId, kind, points, balanceAfter: b, actorType: "owner", createdAt: at(when) } });
  await db.customer.update({ where: { id: customerId }, data: { totalPoints: b } });
}

describe("GET /api/insights", () => {
  it("computes every number as worked out by hand", async () => {
    balance = new Map();
    const biz = await createBusinessSession();
    const id = biz.businessId;
    const a = await member(id, "2026-01-10T09:00:00Z");
    const b = await member(id, "2026-02-01T09:00:00Z");
    const c = await member(id, "2026-05-01T09:00:00Z");
    const closed = await member(id, "2026-01-20T09:00:00Z", "closed"); // not a member: excluded everywhere
    // A: £10 (first), £20 15 days later, £30 in March; redeems 40 points -> 20 points left.
    await purchase(id, a.id, "2026-01-10T10:00:00Z", 10);
    await purchase(id, a.id, "2026-01-25T10:00:00Z", 20);
    await purchase(id, a.id, "2026-03-05T10:00:00Z", 30);
    await ledger(id, a.id, "redeem", -40, "2026-03-05T10:05:00Z");
    // B: £50 (first), £10 113 days later, 40 bonus points -> 100 points.
    await purchase(id, b.id, "2026-02-01T10:00:00Z", 50);
    await purchase(id, b.id, "2026-05-25T10:00:00Z", 10);
    await ledger(id, b.id, "bonus", 40, "2026-02-02T10:00:00Z");
    // C: £5 once -> 5 points.
    await purchase(id, c.id, "2026-05-01T10:00:00Z", 5);
    // Win-back messages: A on 1 March (back on 5 March), C on 20 May (not back).
    const auto = await db.automation.create({ data: { businessId: id, ...defaultAutomation("win_back"), enabled: false } });
    for (const [cust, when] of [[a.id, "2026-03-01T10:00:00Z"], [c.id, "2026-05-20T10:00:00Z"]] as const) {
      await db.automationSend.create({ data: { businessId: id, automationId: auto.id, customerId: cust, occasion: `win_back:${when}`, kind: "win_back", reason: "fixture", sentByEmail: true, status: "sent", createdAt: at(when) } });
    }

    const res = await call<Record<string, unknown>>(insightsRoute, { cookie: biz.cookie, headers: { "x-test-now": NOW } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      members: 3,
      // issued 10+20+30 + 50+10+40 + 5 = 165; redeemed 40
      pointsIssued: 165,
      pointsRedeemed: 40,
      redemptionRate: 0.2424,
      // visits 3+2+1 = 6 over 3 members; spend £60+£60+£5 = £125, £41.67 each
      averageVisitsPerMember: 2,
      averageSpendPerMemberPounds: 41.67,
      revenueFromMembersPounds: 125,
      // (20 + 100 + 5) points x £1 per 100 points
      pointsLiabilityPounds: 1.25,
      returnRates: [
        { days: 30, eligible: 3, returned: 1, rate: 0.3333 }, // A back in 15 days; B after 113; C never
        { days: 60, eligible: 2, returned: 1, rate: 0.5 }, // C's first purchase is under 60 days old
        { days: 90, eligible: 2, returned: 1, rate: 0.5 },
      ],
      cohorts: [
        { month: "2026-01", size: 1, retention: [0, 1, 0, 0, 0, null] }, // A: March is month 2
        { month: "2026-02", size: 1, retention: [0, 0, 1, 0, null, null] }, // B: May is month 3
        { month: "2026-05", size: 1, retention: [0, null, null, null, null, null] },
      ],
    });
    const effects = res.json.automationEffects as { kind: string; messaged: number; messagedReturnRate: number | null; notMessagedReturnRate: number | null }[];
    // Messaged: A back within 14 days, C not -> 1/2. Not messaged on the same days: B (joined before
    // both): not back 1-15 March, back on 25 May within 14 days of 20 May -> 1/2.
    expect(effects.find((e) => e.kind === "win_back")).toMatchObject({ messaged: 2, messagedReturnRate: 0.5, notMessagedReturnRate: 0.5 });
    expect(effects.find((e) => e.kind === "birthday")).toMatchObject({ messaged: 0, messagedReturnRate: null });
    expect(closed.id).toBeGreaterThan(0);

    // Another business sees none of it.
    const other = await createBusinessSession();
    expect((await call<Record<string, unknown>>(insightsRoute, { cookie: other.cookie, headers: { "x-test-now": NOW } })).json).toMatchObject({ members: 0, redemptionRate: null, pointsLiabilityPounds: 0, cohorts: [] });
  });
});
