import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";

// Scheduled jobs run as cron route handlers. Any instance may receive the call, and two may receive
// it at once: a lease row in job_runs lets exactly one run while the other answers "skipped".
// Jobs themselves are written as set-based, idempotent statements, so a rerun (or a run after a
// crash mid-way) does no harm. `now` is the job's clock (injectable in tests); the lease uses real time.

export type JobOutcome = { job: string; ran: boolean; result?: unknown; reason?: string };

const LEASE_SECONDS = 10 * 60;

export async function runJob(name: string, work: () => Promise<Prisma.InputJsonValue>): Promise<JobOutcome> {
  const holder = randomUUID();
  const acquired = await db.$queryRaw<{ name: string }[]>`
    INSERT INTO job_runs (name, "leaseUntil", "leaseHolder", "lastStartedAt")
    VALUES (${name}, now() + make_interval(secs => ${LEASE_SECONDS}), ${holder}, now())
    ON CONFLICT (name) DO UPDATE SET
      "leaseUntil" = EXCLUDED."leaseUntil", "leaseHolder" = EXCLUDED."leaseHolder", "lastStartedAt" = now()
    WHERE job_runs."leaseUntil" IS NULL OR job_runs."leaseUntil" < now()
    RETURNING name`;
  if (acquired.length === 0) return { job: name, ran: false, reason: "already running on another instance" };

  try {
    const result = await work();
    await db.jobRun.updateMany({
      where: { name, leaseHolder: holder },
      data: { leaseUntil: null, leaseHolder: null, lastFinishedAt: new Date(), lastResult: result, lastError: null },
    });
    return { job: name, ran: true, result };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    await db.jobRun.updateMany({ where: { name, leaseHolder: holder }, data: { leaseUntil: null, leaseHolder: null, lastError: message } });
    throw e;
  }
}
