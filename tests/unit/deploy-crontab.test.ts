import fs from "node:fs";
import path from "node:path";

// docs/deploy.md's crontab for a plain Linux host must run every job Vercel runs (vercel.json), on
// the same schedule: a job added to one and not the other silently never runs on that host.

const root = path.resolve(__dirname, "..", "..");
const vercel = JSON.parse(fs.readFileSync(path.join(root, "vercel.json"), "utf8")) as { crons: { path: string; schedule: string }[] };
const deploy = fs.readFileSync(path.join(root, "docs", "deploy.md"), "utf8");

const crontab = [...deploy.matchAll(/^\s*(\S+ \S+ \S+ \S+ \S+)\s+loyalty\s+curl .*?(\/api\/cron\/[a-z-]+)/gm)].map((m) => ({ path: m[2], schedule: m[1] }));

it("the Linux crontab in docs/deploy.md lists each vercel.json cron once, with its schedule", () => {
  const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
  expect(crontab.length).toBeGreaterThan(0);
  expect([...crontab].sort(byPath)).toEqual([...vercel.crons].map(({ path, schedule }) => ({ path, schedule })).sort(byPath));
});
