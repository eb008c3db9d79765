/** @jest-environment node */
import { getInsights, EFFECT_WINDOW_DAYS } from "@/lib/insights/get-insights";
import { defaultAutomation, type AutomationKind } from "@/lib/automations/automation-rules";
import { db } from "@/lib/db";
import { createBusinessSession } from "../helpers/factories";
import { insertCustomer } from "./vouchers-fixtures";

// Issue 25: the automation-effect comparison, computed in SQL from the purchases (bench/insights.ts:
// the per-day scan over every member took seconds at 10,000 customers), checked against its
// definition written out plainly here, on random businesses with the edges placed on purpose
// (purchases exactly at a message day's midnight and exactly 14 days after it, members joining at
// midnight, closed members, deleted and non-purchase transactions, unsent messages).
//   messaged return rate: of the messages sent 14-104 days ago, the share whose customer bought
//   within 14 days after the message;
//   not-messaged return rate: over each message day d (weighted by the messages sent that day), the
//   members not messaged by that automation in the period who had joined by d, and the share of
//   them who bought within 14 days after d (after d's midnight, up to 14 days later inclusive).

const DAY = 86_400_000;
const NOW = new Date("2026-06-10T12:00:00Z");
const KINDS: AutomationKind[] = ["win_back", "nearly_there"];

function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Purchase = { customerId: number; at: number; counts: boolean };
type Send = { kind: AutomationKind; customerId: number; at: number; sent: boolean };
const midnight = (t: number) => Math.floor(t / DAY) * DAY;
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10000) / 10000 : null);

function expected(members: { id: number; joined: number }[], purchases: Purchase[], sends: Send[]) {
  const now = NOW.getTime();
  const inPeriod = sends.filter((s) => s.sent && s.at > now - (90 + EFFECT_WINDOW_DAYS) * DAY && s.at <= now - EFFECT_WINDOW_DAYS * DAY);
  const bought = (customerId: number, after: number) => purchases.some((p) => p.counts && p.customerId === customerId && p.at > after && p.at <= after + EFFECT_WINDOW_DAYS * DAY);
  return KINDS.map((kind) => {
    const mine = inPeriod.filter((s) => s.kind === kind);
    const messagedIds = new Set(mine.map((s) => s.customerId));
    const days = new Map<number, number>();
    for (const s of mine) days.set(midnight(s.at), (days.get(midnight(s.at)) ?? 0) + 1);
    let eligible = 0;
    let back = 0;
    for (const [d, w] of days)
      for (const m of members)
        if (!messagedIds.has(m.id) && m.joined <= d) {
          eligible += w;
          if (bought(m.id, d)) back += w;
        }
    return { kind, messaged: mine.length, messagedReturnRate: ratio(mine.filter((s) => bought(s.customerId, s.at)).length, mine.length), notMessagedReturnRate: ratio(back, eligible) };
  });
}

async function randomBusiness(seed: number) {
  const rnd = prng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const biz = await createBusinessSession();
  const now = NOW.getTime();
  const members: { id: number; joined: number }[] = [];
  const ids: number[] = [];
  for (let i = 0; i < 30; i++) {
    const closed = rnd() < 0.1;
    const c = await insertCustomer(biz.businessId, { accountStatus: closed ? "closed" : "active" });
    // joined over the last 200 days; some exactly at a midnight
    const joined = rnd() < 0.2 ? midnight(now - Math.floor(rnd() * 200) * DAY) : now - Math.floor(rnd() * 200 * DAY);
    await db.customer.update({ where: { id: c.id }, data: { createdAt: new Date(joined) } });
    ids.push(c.id);
    if (!closed) members.push({ id: c.id, joined });
  }
  const automations = new Map<AutomationKind, number>();
  for (const kind of KINDS) automations.set(kind, (await db.automation.create({ data: { businessId: biz.businessId, ...defaultAutomation(kind), enabled: false } })).id);
  const sends: Send[] = [];
  for (let i = 0; i < 40; i++) {
    const kind = pick(KINDS);
    const at = rnd() < 0.2 ? midnight(now - Math.floor(rnd() * 115) * DAY) : now - Math.floor(rnd() * 115 * DAY);
    sends.push({ kind, customerId: pick(ids), at, sent: rnd() < 0.9 });
  }
  const purchases: Purchase[] = [];
  const rows: { businessId: number; customerId: number; type: string; amountPence: number; actorType: string; createdAt: Date; deletedAt: Date | null }[] = [];
  for (let i = 0; i < 120; i++) {
    const base = rnd() < 0.3 ? pick(sends).at : now - Math.floor(rnd() * 130 * DAY);
    // edges: exactly the day's midnight, exactly 14 days after it, or anywhere
    const r = rnd();
    const at = r < 0.15 ? midnight(base) : r < 0.3 ? midnight(base) + EFFECT_WINDOW_DAYS * DAY : base + Math.floor(rnd() * 20 * DAY);
    if (at > now) continue;
    const type = rnd() < 0.9 ? "purchase" : "bonus_points";
    const deleted = rnd() < 0.1;
    purchases.push({ customerId: pick(ids), at, counts: type === "purchase" && !deleted });
    rows.push({ businessId: biz.businessId, customerId: purchases[purchases.length - 1].customerId, type, amountPence: 500, actorType: "owner", createdAt: new Date(at), deletedAt: deleted ? new Date(now) : null });
  }
  await db.transaction.createMany({ data: rows });
  await db.automationSend.createMany({
    data: sends.map((s, n) => ({ businessId: biz.businessId, automationId: automations.get(s.kind)!, customerId: s.customerId, occasion: `fixture:${n}`, kind: s.kind, reason: "fixture", sentByEmail: s.sent, status: s.sent ? "sent" : "failed", createdAt: new Date(s.at) })),
  });
  return { businessId: biz.businessId, members, purchases, sends };
}

describe("the automation effect", () => {
  it.each([1, 2, 3, 4])("matches its definition on random business %i", async (seed) => {
    const b = await randomBusiness(seed);
    const got = await getInsights(b.businessId, NOW);
    const want = expected(b.members, b.purchases, b.sends);
    for (const w of want) {
      const g = got.automationEffects.find((e) => e.kind === w.kind)!;
      expect({ kind: g.kind, messaged: g.messaged, messagedReturnRate: g.messagedReturnRate, notMessagedReturnRate: g.notMessagedReturnRate }).toEqual(w);
    }
    expect(want.some((w) => w.notMessagedReturnRate !== null && w.notMessagedReturnRate > 0)).toBe(true); // the data exercises the comparison
  }, 90_000);
});
