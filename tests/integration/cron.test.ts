/** @jest-environment node */
import { GET as housekeepingRoute } from "@/app/api/cron/housekeeping/route";
import { runJob } from "@/lib/cron/run-job";
import { housekeeping } from "@/lib/cron/housekeeping";
import { db } from "@/lib/db";
import { createSession } from "@/lib/auth/session";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";

describe("scheduled jobs", () => {
  it("two instances firing the same job at once do the work once", async () => {
    let runs = 0;
    const work = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 300));
      return { done: true };
    };
    const name = `test-job-${Date.now()}`;
    const [a, b] = await Promise.all([runJob(name, work), runJob(name, work)]);
    expect(runs).toBe(1);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    // Once finished, the lease is released and the next call runs again.
    expect((await runJob(name, work)).ran).toBe(true);
    const row = await db.jobRun.findUniqueOrThrow({ where: { name } });
    expect(row.leaseUntil).toBeNull();
    expect(row.lastResult).toEqual({ done: true });
  });

  it("a failed job releases its lease and records the error", async () => {
    const name = `failing-job-${Date.now()}`;
    await expect(runJob(name, async () => { throw new Error("boom"); })).rejects.toThrow("boom");
    const row = await db.jobRun.findUniqueOrThrow({ where: { name } });
    expect(row.leaseUntil).toBeNull();
    expect(row.lastError).toBe("boom");
  });

  it("housekeeping deletes expired sessions with the clock it is given, and is idempotent", async () => {
    const biz = await createBusinessSession();
    const session = await createSession({ kind: "business", businessId: biz.businessId }, new Date("2020-01-01T00:00:00Z"));
    const future = new Date(Date.now() + 30 * 86_400_000);
    // Other tests' sessions expire too when the clock is a month ahead; that is what it is for.
    const first = await housekeeping(future);
    expect(first.sessionsDeleted).toBeGreaterThanOrEqual(1);
    expect(await db.session.findUnique({ where: { id: session.id } })).toBeNull();
    const again = await housekeeping(new Date("2020-01-02T00:00:00Z"));
    expect(again.sessionsDeleted).toBe(0);
  });

  it("the cron route refuses a wrong secret and runs with the right one", async () => {
    const previous = process.env.CRON_SECRET;
    process.env.CRON_SECRET = "cron-test-secret";
    try {
      expect((await call(housekeepingRoute, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
      expect((await call(housekeepingRoute)).status).toBe(401);
      const ok = await call<{ job: string; ran: boolean }>(housekeepingRoute, { headers: { authorization: "Bearer cron-test-secret", "x-test-now": "2000-01-01T00:00:00Z" } });
      expect(ok.status).toBe(200);
      expect(ok.json.job).toBe("housekeeping");
    } finally {
      process.env.CRON_SECRET = previous;
    }
  });
});
