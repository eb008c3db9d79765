/** @jest-environment node */
import type { runJob as RunJob } from "@/lib/cron/run-job";

// Issue 24: one schedule tick fired on 3 instances at once ran a fast job twice (the first run had
// finished and freed its lease before the late copy arrived). With CRON_SAME_TICK_SECONDS (30 s by
// default in production) copies of the tick arriving after a successful run are skipped too.

let runJob: typeof RunJob;
let db: typeof import("@/lib/db").db;

beforeAll(async () => {
  process.env.CRON_SAME_TICK_SECONDS = "30"; // read once when lib/env loads: set before the import
  ({ runJob } = await import("@/lib/cron/run-job"));
  ({ db } = await import("@/lib/db"));
});
afterAll(() => delete process.env.CRON_SAME_TICK_SECONDS);

describe("one schedule tick runs a job once, however late its copies arrive", () => {
  it("a fast job fired on three instances one after another within the tick runs once", async () => {
    const name = `same-tick-${Date.now()}`;
    let runs = 0;
    const work = async () => ({ handled: ++runs });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await runJob(name, work));
    expect(runs).toBe(1);
    expect(answers.map((a) => a.ran)).toEqual([true, false, false]);
  });

  it("the next tick runs it again", async () => {
    const name = `next-tick-${Date.now()}`;
    const work = async () => ({ done: true });
    expect((await runJob(name, work)).ran).toBe(true);
    await db.jobRun.update({ where: { name }, data: { lastStartedAt: new Date(Date.now() - 60_000), lastFinishedAt: new Date(Date.now() - 59_000) } });
    expect((await runJob(name, work)).ran).toBe(true);
  });

  it("a failed run does not hold the next attempt back", async () => {
    const name = `failed-tick-${Date.now()}`;
    await expect(runJob(name, async () => { throw new Error("database went away"); })).rejects.toThrow();
    expect((await runJob(name, async () => ({ done: true }))).ran).toBe(true);
  });
});
