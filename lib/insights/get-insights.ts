import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { addDays } from "@/lib/clock";
import { AUTOMATION_KINDS, AUTOMATION_LABELS } from "@/lib/automations/automation-rules";

// Issue 25: the Insights page's numbers, in SQL over the ledger (points_ledger), the live
// transactions and the per-customer rollups (customer_activity). Members are the business's
// customers whose account is not closed. Definitions (docs/decisions.md, issue 25):
// - redemption rate: points redeemed / points issued (earn + bonus + goodwill), from the ledger;
// - return rate (N = 30/60/90): of members whose first purchase is at least N days old, the share
//   with another purchase within N days after it;
// - averages and revenue from the rollups (live purchases only);
// - points liability: sum of each member's points x their redemption value (pounds per 100 points);
// - cohorts: members by join month (UK), share with a purchase in each later month (1..6);
// - automation effect: of the customers messaged 14-104 days ago, the share with a purchase within
//   14 days of the message, against members not messaged by that automation in the same period
//   over the same 14-day windows (weighted by the days messages went out).

export const RETURN_WINDOWS = [30, 60, 90] as const;
export const COHORT_MONTHS = 12;
export const COHORT_OFFSETS = 6;
export const EFFECT_WINDOW_DAYS = 14;

const n = (v: unknown) => Number(v ?? 0);
const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10000) / 10000 : null);

/** The statements behind the numbers, as built SQL: getInsights runs them, and bench/insights.ts
 *  runs the same text with plain pg as the endpoint's SQL floor. */
export function insightsQueries(businessId: number, now: Date) {
  const ledger = Prisma.sql`
    SELECT SUM(points) FILTER (WHERE kind IN ('earn', 'bonus', 'goodwill') AND points > 0) AS issued,
           -SUM(points) FILTER (WHERE kind = 'redeem') AS redeemed
    FROM points_ledger WHERE "businessId" = ${businessId} AND "createdAt" <= ${now}`;
  const members = Prisma.sql`
    SELECT COUNT(*) AS members, SUM(ca.purchases) AS visits, SUM(ca."purchasePence") AS spend,
           SUM(c."totalPoints" * c."redemptionValue" / 100) AS liability
    FROM customers c LEFT JOIN customer_activity ca ON ca."customerId" = c.id
    WHERE c."businessId" = ${businessId} AND c."accountStatus" NOT IN ('closed', 'archived')`;
  // One pass for the three windows: a member is back within N days when their earliest other
  // purchase at or after the first one is within N days of it.
  const [d30, d60, d90] = RETURN_WINDOWS;
  const returns = Prisma.sql`
    SELECT COUNT(*) FILTER (WHERE r.first <= ${addDays(now, -d30)}) AS e30,
           COUNT(*) FILTER (WHERE r.first <= ${addDays(now, -d30)} AND r.next <= r.first + make_interval(days => ${d30})) AS r30,
           COUNT(*) FILTER (WHERE r.first <= ${addDays(now, -d60)}) AS e60,
           COUNT(*) FILTER (WHERE r.first <= ${addDays(now, -d60)} AND r.next <= r.first + make_interval(days => ${d60})) AS r60,
           COUNT(*) FILTER (WHERE r.first <= ${addDays(now, -d90)}) AS e90,
           COUNT(*) FILTER (WHERE r.first <= ${addDays(now, -d90)} AND r.next <= r.first + make_interval(days => ${d90})) AS r90
    FROM (
      SELECT ca."firstPurchaseAt" AS first,
             (SELECT MIN(t."createdAt") FROM transactions t
              WHERE t."businessId" = ${businessId} AND t."customerId" = c.id AND t.type = 'purchase' AND t."deletedAt" IS NULL
                AND t.id <> ca."firstPurchaseId" AND t."createdAt" >= ca."firstPurchaseAt") AS next
      FROM customers c JOIN customer_activity ca ON ca."customerId" = c.id
      WHERE c."businessId" = ${businessId} AND c."accountStatus" NOT IN ('closed', 'archived')
        AND ca."firstPurchaseAt" IS NOT NULL AND ca."firstPurchaseAt" <= ${addDays(now, -d30)}
    ) r`;
  const cohorts = Prisma.sql`
    WITH cur AS (SELECT date_trunc('month', (${now}::timestamp AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/London') AS m),
    m AS (
      SELECT c.id, date_trunc('month', (c."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/London') AS joined
      FROM customers c, cur
      WHERE c."businessId" = ${businessId} AND c."accountStatus" NOT IN ('closed', 'archived')
        AND date_trunc('month', (c."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/London') > cur.m - make_interval(months => ${COHORT_MONTHS})
        AND c."createdAt" <= ${now}
    ), v AS (
      SELECT DISTINCT m.id, m.joined,
             ((extract(year FROM tm) - extract(year FROM m.joined)) * 12 + extract(month FROM tm) - extract(month FROM m.joined))::int AS "offset"
      FROM m JOIN LATERAL (
        SELECT date_trunc('month', (t."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Europe/London') AS tm
        FROM transactions t
        WHERE t."businessId" = ${businessId} AND t."customerId" = m.id AND t.type = 'purchase' AND t."deletedAt" IS NULL AND t."createdAt" <= ${now}
      ) p ON true
    )
    SELECT to_char(s.joined, 'YYYY-MM') AS month, s.size, v."offset", COUNT(v.id) AS active
    FROM (SELECT joined, COUNT(*) AS size FROM m GROUP BY joined) s
    LEFT JOIN v ON v.joined = s.joined AND v."offset" BETWEEN 1 AND ${COHORT_OFFSETS}
    GROUP BY s.joined, s.size, v."offset"
    ORDER BY s.joined, v."offset"`;
  const effects = Prisma.sql`
    WITH s AS (
      SELECT kind, "customerId", "createdAt" FROM automation_sends
      WHERE "businessId" = ${businessId} AND (("sentByEmail" OR "sentBySms"))
        AND "createdAt" > ${addDays(now, -(90 + EFFECT_WINDOW_DAYS))} AND "createdAt" <= ${addDays(now, -EFFECT_WINDOW_DAYS)}
    ), msg AS (
      SELECT s.kind, COUNT(*) AS messaged,
             COUNT(*) FILTER (WHERE EXISTS (SELECT 1 FROM transactions t WHERE t."businessId" = ${businessId} AND t."customerId" = s."customerId"
               AND t.type = 'purchase' AND t."deletedAt" IS NULL AND t."createdAt" > s."createdAt" AND t."createdAt" <= s."createdAt" + make_interval(days => ${EFFECT_WINDOW_DAYS}))) AS returned
      FROM s GROUP BY s.kind
    ), days AS (
      SELECT kind, date_trunc('day', "createdAt") AS d, COUNT(*) AS w FROM s GROUP BY kind, date_trunc('day', "createdAt")
    ), nm AS (
      -- the members each automation did not message, with the first midnight at or after they joined
      -- (they count on the days d >= e: "joined by d")
      SELECT k.kind, c.id,
             CASE WHEN c."createdAt" = date_trunc('day', c."createdAt") THEN c."createdAt" ELSE date_trunc('day', c."createdAt") + interval '1 day' END AS e
      FROM unnest(${[...AUTOMATION_KINDS]}::text[]) AS k(kind)
      CROSS JOIN customers c
      WHERE c."businessId" = ${businessId} AND c."accountStatus" NOT IN ('closed', 'archived')
        AND NOT EXISTS (SELECT 1 FROM s WHERE s.kind = k.kind AND s."customerId" = c.id)
    ), eligible AS (
      -- sum over the message days of w x (not-messaged members joined by then), by join day
      SELECT j.kind, SUM(j.n * days.w)::bigint AS baseline
      FROM (SELECT kind, e, COUNT(*) AS n FROM nm GROUP BY kind, e) j JOIN days ON days.kind = j.kind AND days.d >= j.e
      GROUP BY j.kind
    ), pp AS (
      -- each purchase makes the message days d with purchase - 14 days <= d < purchase count as "back
      -- within 14 days"; a customer's overlapping intervals are merged into islands (gaps and islands)
      SELECT t."customerId" AS cid, t."createdAt" AS p,
             CASE WHEN LAG(t."createdAt") OVER w IS NULL OR t."createdAt" - make_interval(days => ${EFFECT_WINDOW_DAYS}) >= LAG(t."createdAt") OVER w THEN 1 ELSE 0 END AS brk
      FROM transactions t
      WHERE t."businessId" = ${businessId} AND t.type = 'purchase' AND t."deletedAt" IS NULL
        AND t."createdAt" > (SELECT MIN(d) FROM days) AND t."createdAt" <= (SELECT MAX(d) FROM days) + make_interval(days => ${EFFECT_WINDOW_DAYS})
      WINDOW w AS (PARTITION BY t."customerId" ORDER BY t."createdAt")
    ), islands AS (
      SELECT cid, MIN(p) - make_interval(days => ${EFFECT_WINDOW_DAYS}) AS a, MAX(p) AS b
      FROM (SELECT cid, p, SUM(brk) OVER (PARTITION BY cid ORDER BY p ROWS UNBOUNDED PRECEDING) AS g FROM pp) x
      GROUP BY cid, g
    ), bounds AS (
      SELECT MIN(d) AS lo, MAX(d) + interval '1 day' AS hi FROM days
    ), cal AS (
      -- per automation, the weight of the message days before each midnight m from lo to hi
      SELECT k.kind, m.m, COALESCE(SUM(days.w) FILTER (WHERE days.d < m.m), 0) AS c
      FROM (SELECT DISTINCT kind FROM days) k
      CROSS JOIN bounds CROSS JOIN LATERAL generate_series(bounds.lo, bounds.hi, interval '1 day') AS m(m)
      JOIN days ON days.kind = k.kind
      GROUP BY k.kind, m.m
    ), returned AS (
      -- an island [a, b) holds the message days from the first midnight at or after max(a, joined)
      -- up to the last midnight before b; "x + 1 day - 1 microsecond, truncated" is the first midnight
      -- at or after x (timestamps are milliseconds), clamped to the calendar
      SELECT nm.kind, SUM(GREATEST(upto.c - from_.c, 0))::bigint AS n
      FROM islands i JOIN nm ON nm.id = i.cid CROSS JOIN bounds
      JOIN cal upto ON upto.kind = nm.kind AND upto.m = LEAST(GREATEST(date_trunc('day', i.b + interval '1 day' - interval '1 microsecond'), bounds.lo), bounds.hi)
      JOIN cal from_ ON from_.kind = nm.kind AND from_.m = LEAST(GREATEST(date_trunc('day', i.a + interval '1 day' - interval '1 microsecond'), nm.e, bounds.lo), bounds.hi)
      GROUP BY nm.kind
    ), base AS (
      SELECT eligible.kind, eligible.baseline, COALESCE(returned.n, 0) AS "baselineReturned"
      FROM eligible LEFT JOIN returned ON returned.kind = eligible.kind
    )
    SELECT msg.kind, msg.messaged, msg.returned AS "messagedReturned", COALESCE(base.baseline, 0) AS baseline, COALESCE(base."baselineReturned", 0) AS "baselineReturned"
    FROM msg LEFT JOIN base ON base.kind = msg.kind`;
  return { ledger, members, returns, cohorts, effects };
}

export async function getInsights(businessId: number, now: Date) {
  const q = insightsQueries(businessId, now);
  const [ledger] = await db.$queryRaw<{ issued: bigint | null; redeemed: bigint | null }[]>(q.ledger);
  const [members] = await db.$queryRaw<{ members: bigint; visits: bigint | null; spend: bigint | null; liability: string | null }[]>(q.members);
  const [r] = await db.$queryRaw<Record<"e30" | "r30" | "e60" | "r60" | "e90" | "r90", bigint>[]>(q.returns);
  const returnRates = RETURN_WINDOWS.map((days) => {
    const [eligible, returned] = [n(r[`e${days}`]), n(r[`r${days}`])];
    return { days, eligible, returned, rate: ratio(returned, eligible) };
  });
  const cohortRows = await db.$queryRaw<{ month: string; size: bigint; offset: number | null; active: bigint }[]>(q.cohorts);
  const currentMonth = monthKey(now);
  const cohorts = new Map<string, { month: string; size: number; retention: (number | null)[] }>();
  for (const r of cohortRows) {
    let c = cohorts.get(r.month);
    if (!c) {
      const available = monthsBetween(r.month, currentMonth);
      c = { month: r.month, size: n(r.size), retention: Array.from({ length: COHORT_OFFSETS }, (_, i) => (i + 1 <= available ? 0 : null)) };
      cohorts.set(r.month, c);
    }
    if (r.offset !== null && c.retention[r.offset - 1] !== null) c.retention[r.offset - 1] = ratio(n(r.active), c.size);
  }

  const effectRows = await db.$queryRaw<{ kind: string; messaged: bigint; messagedReturned: bigint; baseline: bigint; baselineReturned: bigint }[]>(q.effects);
  const effects = AUTOMATION_KINDS.map((kind) => {
    const r = effectRows.find((e) => e.kind === kind);
    const messaged = n(r?.messaged);
    const baseline = n(r?.baseline);
    return {
      kind,
      title: AUTOMATION_LABELS[kind].title,
      messaged,
      messagedReturnRate: ratio(n(r?.messagedReturned), messaged),
      notMessagedReturnRate: ratio(n(r?.baselineReturned), baseline),
    };
  });

  const memberCount = n(members.members);
  const issued = n(ledger.issued);
  return {
    asOf: now.toISOString(),
    members: memberCount,
    redemptionRate: ratio(n(ledger.redeemed), issued),
    pointsIssued: issued,
    pointsRedeemed: n(ledger.redeemed),
    returnRates,
    averageVisitsPerMember: memberCount ? Math.round((n(members.visits) / memberCount) * 100) / 100 : 0,
    averageSpendPerMemberPounds: memberCount ? Math.round(n(members.spend) / memberCount) / 100 : 0,
    revenueFromMembersPounds: n(members.spend) / 100,
    pointsLiabilityPounds: Math.round(Number(members.liability ?? 0) * 100) / 100,
    cohorts: [...cohorts.values()],
    automationEffects: effects,
  };
}

function monthKey(d: Date): string {
  const s = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit" }).format(d);
  return s.slice(0, 7);
}
function monthsBetween(from: string, to: string): number {
  const [a, b] = [from, to].map((m) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)));
  return b - a;
}
