/** @jest-environment node */
import { GET as housekeepingRoute } from "@/app/api/cron/housekeeping/route";
import { runJob } from "@/lib/cron/run-job";
import { db } from "@/lib/db";
import { call } from "../helpers/http";

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
