import "server-only";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { log } from "@/lib/log";
import { getInsights } from "@/lib/insights/get-insights";

// Issue 25: the Insights page answers from a per-business snapshot (insights_snapshots.data is the
// DTO getInsights returns; the answer adds computedAt). At 100,000 customers computing it takes
// seconds, so it is computed by the daily insights cron (refresh-insights-snapshots.ts) and on
// demand when a business has none or it is older than SNAPSHOT_MAX_AGE_MS (by the request's clock).
// One computation at a time per business, across instances: the row's lease (database time, like
// lib/cron/run-job.ts). A request that finds another instance computing answers with the old
// snapshot if there is one, else waits for the computation under way; a refresh (fresh) waits for it.

export type Insights = Awaited<ReturnType<typeof getInsights>>;
export type InsightsAnswer = Insights & { computedAt: string };

export const SNAPSHOT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const LEASE_SECONDS = 5 * 60;
const POLL_MS = 200;
const WAIT_MS = 90_000;

type Row = { computedAt: Date | null; data: Insights | null; held: boolean };

async function readSnapshot(businessId: number): Promise<Row | null> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT "computedAt", data, COALESCE("leaseUntil" > now(), false) AS held
    FROM insights_snapshots WHERE "businessId" = ${businessId}`;
  return rows[0] ?? null;
}

/** Takes the business's computation lease (free or run out); the holder's id, or null if another has it. */
async function takeLease(businessId: number): Promise<string | null> {
  const holder = randomUUID();
  const rows = await db.$queryRaw<{ businessId: number }[]>`
    INSERT INTO insights_snapshots ("businessId", "leaseUntil", "leaseHolder")
    VALUES (${businessId}, now() + make_interval(secs => ${LEASE_SECONDS}), ${holder})
    ON CONFLICT ("businessId") DO UPDATE SET "leaseUntil" = EXCLUDED."leaseUntil", "leaseHolder" = EXCLUDED."leaseHolder"
    WHERE insights_snapshots."leaseUntil" IS NULL OR insights_snapshots."leaseUntil" < now()
    RETURNING "businessId"`;
  return rows.length ? holder : null;
}

const answer = (data: Insights, computedAt: Date): InsightsAnswer => ({ ...data, computedAt: computedAt.toISOString() });

async function computeAndStore(businessId: number, now: Date, holder: string, compute: typeof getInsights): Promise<InsightsAnswer> {
  const started = performance.now();
  try {
    const data = await compute(businessId, now);
    const computeMs = Math.round(performance.now() - started);
    await db.insightsSnapshot.updateMany({
      where: { businessId, leaseHolder: holder },
      data: { data: data as unknown as Prisma.InputJsonValue, computedAt: now, computeMs, leaseUntil: null, leaseHolder: null },
    });
    log.info({ businessId, computeMs, event: "insights_snapshot" }, "insights snapshot computed");
    return answer(data, now);
  } catch (e) {
    await db.insightsSnapshot.updateMany({ where: { businessId, leaseHolder: holder }, data: { leaseUntil: null, leaseHolder: null } });
    throw e;
  }
}

/** The business's insights: the stored snapshot while it is under a day old, else computed (under
 *  the lease) and stored. `fresh` asks for a new computation (the refresh button, the daily cron). */
export async function getInsightsSnapshot(
  businessId: number,
  now: Date,
  opts: { fresh?: boolean; compute?: typeof getInsights; waitMs?: number } = {},
): Promise<InsightsAnswer> {
  const { fresh = false, compute = getInsights, waitMs = WAIT_MS } = opts;
  const deadline = Date.now() + waitMs;
  let waited = false;
  for (;;) {
    const cur = await readSnapshot(businessId);
    if (cur?.data && cur.computedAt) {
      const young = now.getTime() - cur.computedAt.getTime() < SNAPSHOT_MAX_AGE_MS;
      // under a day old; another instance computing (the old one meanwhile); or the computation we waited for ended
      if ((!fresh && (young || cur.held)) || (waited && !cur.held)) return answer(cur.data, cur.computedAt);
    }
    if (!cur?.held) {
      const holder = await takeLease(businessId);
      if (holder) return computeAndStore(businessId, now, holder, compute);
    }
    waited = true;
    if (Date.now() > deadline) throw new ApiError("service_unavailable", "The insights are still being worked out. Please try again in a minute.");
    await sleep(POLL_MS);
  }
}
