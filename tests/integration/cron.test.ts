/** @jest-environment node */
import { GET as housekeepingRoute } from "@/app/api/cron/housekeeping/route";
import { GET as cronJobs } from "@/app/api/admin/cron-jobs/route";
import vercel from "@/vercel.json";
import { countItems, runJob } from "@/lib/cron/run-job";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { call } from "../helpers/http";
import { createBusinessSession } from "../helpers/factories";
import { adminSession } from "./admin-fixtures";

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

  it("each run logs its start, the items it handled and its duration", async () => {
    const lines: string[] = [];
    const level = log.level;
    log.level = "info";
    const spy = jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => (lines.push(String(chunk)), true));
    try {
      await runJob(`logged-job-${Date.now()}`, async () => ({ sessionsDeleted: 3, codesDeleted: 2, businessIds: [1, 2] }));
    } finally {
      spy.mockRestore();
      log.level = level;
    }
    const events = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.map((e) => e.event)).toEqual(["start", "finish"]);
    expect(events[1]).toMatchObject({ items: 5, job: expect.stringMatching(/^logged-job-/) });
    expect(typeof events[1].durationMs).toBe("number");
    expect(countItems({ a: 1, nested: { b: 2 }, list: [9, 9] })).toBe(3);
  });

  it("keeps the last error (and when) after later successes; the super admin sees every scheduled job", async () => {
    const name = "housekeeping";
    await db.jobRun.deleteMany({ where: { name } });
    await expect(runJob(name, async () => { throw new Error("database went away"); })).rejects.toThrow();
    const admin = await adminSession();
    const failing = await call<{ name: string; failing: boolean; lastError: string | null; lastErrorAt: string | null }[]>(cronJobs, { path: "/api/admin/cron-jobs", cookie: admin.cookie });
    expect(failing.status).toBe(200);
    expect(failing.json.map((j) => j.name).sort()).toEqual(vercel.crons.map((c) => c.path.replace("/api/cron/", "")).sort());
    expect(failing.json.find((j) => j.name === name)).toMatchObject({ failing: true, lastError: "database went away" });

    await runJob(name, async () => ({ sessionsDeleted: 0 }));
    const ok = await call<{ name: string; failing: boolean; lastError: string | null; lastErrorAt: string | null; lastFinishedAt: string | null; lastDurationMs: number | null }[]>(cronJobs, { path: "/api/admin/cron-jobs", cookie: admin.cookie });
    const job = ok.json.find((j) => j.name === name)!;
    expect(job).toMatchObject({ failing: false, lastError: "database went away" });
    expect(job.lastErrorAt && job.lastFinishedAt && job.lastFinishedAt > job.lastErrorAt).toBe(true);
    expect(typeof job.lastDurationMs).toBe("number");

    const owner = await createBusinessSession();
    expect((await call(cronJobs, { path: "/api/admin/cron-jobs", cookie: owner.cookie })).status).toBe(403);
  });

  it("schedules processExpiredTrials once: in the billing job, not also as a job of its own", () => {
    const paths = vercel.crons.map((c) => c.path);
    expect(paths).toContain("/api/cron/billing");
    expect(paths).not.toContain("/api/cron/process-expired-trials");
    expect(new Set(paths).size).toBe(paths.length);
  });
});
