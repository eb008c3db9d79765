/** @jest-environment node */
import { GET as insightsRoute } from "@/app/api/insights/route";
import { POST as refreshRoute } from "@/app/api/insights/refresh/route";
import { getInsights } from "@/lib/insights/get-insights";
import { getInsightsSnapshot } from "@/lib/insights/get-insights-snapshot";
import { refreshInsightsSnapshots } from "@/lib/insights/refresh-insights-snapshots";
import { db } from "@/lib/db";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { insertCustomer } from "./vouchers-fixtures";

// Issue 25: the Insights page answers from a per-business snapshot (insights_snapshots), computed on
// demand when missing or over a day old, by the daily cron, or by the rate-limited refresh button.

const NOW = new Date("2026-06-10T12:00:00Z");
const hoursLater = (h: number, from = NOW) => new Date(from.getTime() + h * 3600_000);

/** getInsights, counting its runs (and slowed, so concurrent callers overlap with it). */
function countingCompute(delayMs = 0) {
  const counter = { runs: 0 };
  const compute: typeof getInsights = async (businessId, now) => {
    counter.runs++;
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    return getInsights(businessId, now);
  };
  return { counter, compute };
}

const get = (cookie: string, now = NOW) => call<Record<string, unknown>>(insightsRoute, { path: "/api/insights", cookie, headers: { "x-test-now": now.toISOString() } });

describe("Insights snapshots", () => {
  it("serves the stored snapshot while it is under a day old, and recomputes it after", async () => {
    const biz = await createBusinessSession();
    await insertCustomer(biz.businessId);
    const first = await get(biz.cookie);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ members: 1, computedAt: NOW.toISOString() });
    const row = await db.insightsSnapshot.findUniqueOrThrow({ where: { businessId: biz.businessId } });
    expect(row.computedAt?.toISOString()).toBe(NOW.toISOString());
    expect(row).toMatchObject({ leaseHolder: null, leaseUntil: null });
    const { computedAt, ...dto } = first.json;
    expect(row.data).toEqual(dto);
    expect(computedAt).toBe(NOW.toISOString());

    // A new member 23 hours later: still the snapshot (no computation), so still 1 member.
    await insertCustomer(biz.businessId);
    const { counter, compute } = countingCompute();
    const cached = await getInsightsSnapshot(biz.businessId, hoursLater(23), { compute });
    expect(counter.runs).toBe(0);
    expect(cached).toMatchObject({ members: 1, computedAt: NOW.toISOString() });
    expect((await get(biz.cookie, hoursLater(23))).json).toMatchObject({ members: 1, computedAt: NOW.toISOString() });

    // Over a day old: recomputed and stored.
    const stale = await getInsightsSnapshot(biz.businessId, hoursLater(25), { compute });
    expect(counter.runs).toBe(1);
    expect(stale).toMatchObject({ members: 2, computedAt: hoursLater(25).toISOString() });
    expect((await get(biz.cookie, hoursLater(26))).json).toMatchObject({ members: 2, computedAt: hoursLater(25).toISOString() });
  });

  it("computes once for concurrent requests: the others wait for it (no snapshot) or get the old one (stale)", async () => {
    const biz = await createBusinessSession();
    await insertCustomer(biz.businessId);
    const { counter, compute } = countingCompute(400);
    const answers = await Promise.all([0, 1, 2].map(() => getInsightsSnapshot(biz.businessId, NOW, { compute })));
    expect(counter.runs).toBe(1);
    expect(answers.map((a) => a.computedAt)).toEqual([NOW, NOW, NOW].map((d) => d.toISOString()));
    expect(answers.every((a) => a.members === 1)).toBe(true);

    // Stale: one request computes, the one arriving meanwhile answers with the old snapshot at once.
    await insertCustomer(biz.businessId);
    const later = hoursLater(30);
    const computing = getInsightsSnapshot(biz.businessId, later, { compute });
    await new Promise((r) => setTimeout(r, 150));
    const meanwhile = await getInsightsSnapshot(biz.businessId, later, { compute });
    expect(meanwhile).toMatchObject({ members: 1, computedAt: NOW.toISOString() });
    expect(await computing).toMatchObject({ members: 2, computedAt: later.toISOString() });
    expect(counter.runs).toBe(2);

    // A refresh arriving while another computes waits for that computation instead of repeating it.
    const again = hoursLater(60);
    const a = getInsightsSnapshot(biz.businessId, again, { compute, fresh: true });
    await new Promise((r) => setTimeout(r, 150));
    const b = await getInsightsSnapshot(biz.businessId, again, { compute, fresh: true });
    expect(b.computedAt).toBe(again.toISOString());
    await a;
    expect(counter.runs).toBe(3);
  });

  it("keeps each business's snapshot to itself", async () => {
    const a = await createBusinessSession();
    const b = await createBusinessSession();
    await insertCustomer(a.businessId);
    await insertCustomer(a.businessId);
    expect((await get(a.cookie)).json).toMatchObject({ members: 2 });
    expect((await get(b.cookie)).json).toMatchObject({ members: 0, cohorts: [] });
    expect((await get(a.cookie)).json).toMatchObject({ members: 2 });
    const rows = await db.insightsSnapshot.findMany({ where: { businessId: { in: [a.businessId, b.businessId] } }, orderBy: { businessId: "asc" } });
    expect(rows.map((r) => (r.data as { members: number }).members)).toEqual(a.businessId < b.businessId ? [2, 0] : [0, 2]);
  });

  it("refreshes on request at most once per 5 minutes per business (429 with a clear message)", async () => {
    const biz = await createBusinessSession();
    const other = await createBusinessSession();
    await insertCustomer(biz.businessId);
    const refresh = (cookie: string, now: Date) =>
      call<Record<string, unknown>>(refreshRoute, { method: "POST", path: "/api/insights/refresh", cookie, headers: { "x-test-now": now.toISOString() } });
    expect((await get(biz.cookie)).json).toMatchObject({ members: 1 });
    await insertCustomer(biz.businessId);

    const first = await refresh(biz.cookie, hoursLater(1));
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ members: 2, computedAt: hoursLater(1).toISOString() });

    const tooSoon = await refresh(biz.cookie, new Date(hoursLater(1).getTime() + 60_000));
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.text).toContain("The insights can be refreshed once every 5 minutes. Please try again in 4 minutes.");
    expect(tooSoon.headers.get("retry-after")).toBe("240");
    // another business is not held back by it
    expect((await refresh(other.cookie, hoursLater(1))).status).toBe(200);

    const later = new Date(hoursLater(1).getTime() + 5 * 60_000);
    expect((await refresh(biz.cookie, later)).json).toMatchObject({ computedAt: later.toISOString() });
    // unauthenticated: no refresh
    expect((await call(refreshRoute, { method: "POST", path: "/api/insights/refresh" })).status).toBe(401);
  });

  it("the daily pass computes a snapshot for each business with customers whose snapshot is old or missing", async () => {
    const due = await createBusinessSession();
    const fresh = await createBusinessSession();
    const empty = await createBusinessSession();
    await insertCustomer(due.businessId);
    await insertCustomer(fresh.businessId);
    const cronNow = new Date("2026-07-01T04:30:00Z");
    await getInsightsSnapshot(fresh.businessId, hoursLater(-2, cronNow));
    await getInsightsSnapshot(due.businessId, hoursLater(-21, cronNow));
    const only = [due.businessId, fresh.businessId, empty.businessId];
    expect(await refreshInsightsSnapshots(cronNow, { only })).toEqual({ computed: 1, failed: 0, leftOver: 0 });
    const rows = new Map((await db.insightsSnapshot.findMany({ where: { businessId: { in: only } } })).map((r) => [r.businessId, r.computedAt?.toISOString()]));
    expect(rows.get(due.businessId)).toBe(cronNow.toISOString());
    expect(rows.get(fresh.businessId)).toBe(hoursLater(-2, cronNow).toISOString());
    expect(rows.has(empty.businessId)).toBe(false);
    // a second pass finds nothing to do
    expect(await refreshInsightsSnapshots(cronNow, { only })).toEqual({ computed: 0, failed: 0, leftOver: 0 });
  });
});
