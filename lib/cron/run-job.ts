import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

// Scheduled jobs run as cron route handlers. Any instance may receive the call, and two may receive
// it at once: a lease row in job_runs lets exactly one run while the other answers "skipped".
// Jobs themselves are written as set-based, idempotent statements, so a rerun (or a run after a
// crash mid-way) does no harm. `now` is the job's clock (injectable in tests); the lease uses real time.
// Each run logs its start, the items it handled and its duration, and leaves its outcome in
// job_runs for the super admin's job view (lib/cron/list-cron-jobs.ts): the last error and when it
// happened stay there after later successes.

export type JobOutcome = { job: string; ran: boolean; result?: unknown; reason?: string };

const LEASE_SECONDS = 10 * 60;
// One schedule tick reaches every instance it is fired on (a timer per host) within moments of
// each other, but a fast job can finish before a late copy arrives, and the lease is free again by
// then (issue 24: a no-op webhooks run fired on 3 instances at once ran twice). So a job whose last
// run started less than CRON_SAME_TICK_SECONDS ago and succeeded is also skipped. Production
// default 30 s, half the shortest schedule (every minute, vercel.json), so the next tick always
// runs; 0 elsewhere, so tests and the local runner may run a job again at once. A failed run does
// not hold the next attempt back.
const sameTickSeconds = () => env.CRON_SAME_TICK_SECONDS ?? (env.NODE_ENV === "production" ? 30 : 0);

/** Items a run handled: the sum of the counts in its result ({ sessionsDeleted: 3, codesDeleted: 2 } -> 5). */
export function countItems(result: unknown): number {
  if (typeof result === "number") return result;
  if (Array.isArray(result)) return result.length;
  if (result === null || typeof result !== "object") return 0;
  return Object.values(result).reduce<number>((sum, v) => sum + (typeof v === "number" ? v : v !== null && typeof v === "object" && !Array.isArray(v) ? countItems(v) : 0), 0);
}

export async function runJob(name: string, work: () => Promise<Prisma.InputJsonValue>): Promise<JobOutcome> {
  const holder = randomUUID();
  const acquired = await db.$queryRaw<{ name: string }[]>`
    INSERT INTO job_runs (name, "leaseUntil", "leaseHolder", "lastStartedAt")
    VALUES (${name}, now() + make_interval(secs => ${LEASE_SECONDS}), ${holder}, now())
    ON CONFLICT (name) DO UPDATE SET
      "leaseUntil" = EXCLUDED."leaseUntil", "leaseHolder" = EXCLUDED."leaseHolder", "lastStartedAt" = now()
    WHERE (job_runs."leaseUntil" IS NULL OR job_runs."leaseUntil" < now())
      AND NOT COALESCE(job_runs."lastStartedAt" > now() - make_interval(secs => ${sameTickSeconds()})
                       AND job_runs."lastFinishedAt" >= job_runs."lastStartedAt", false)
    RETURNING name`;
  if (acquired.length === 0) {
    log.info({ job: name, event: "skipped" }, "job skipped: already running on another instance");
    return { job: name, ran: false, reason: "already running on another instance" };
  }

  const started = performance.now();
  log.info({ job: name, event: "start" }, "job started");
  try {
    const result = await work();
    const durationMs = Math.round(performance.now() - started);
    await db.jobRun.updateMany({
      where: { name, leaseHolder: holder },
      data: { leaseUntil: null, leaseHolder: null, lastFinishedAt: new Date(), lastResult: result, lastDurationMs: durationMs },
    });
    log.info({ job: name, event: "finish", items: countItems(result), result, durationMs }, "job finished");
    return { job: name, ran: true, result };
  } catch (e) {
    const durationMs = Math.round(performance.now() - started);
    const message = e instanceof Error ? e.message : String(e);
    await db.jobRun.updateMany({ where: { name, leaseHolder: holder }, data: { leaseUntil: null, leaseHolder: null, lastError: message.slice(0, 2000), lastErrorAt: new Date(), lastDurationMs: durationMs } });
    log.error({ job: name, event: "fail", err: e, durationMs }, "job failed");
    throw e;
  }
}
