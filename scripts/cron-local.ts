// Local stand-in for Vercel Cron: calls every job in vercel.json on its schedule's rough cadence
// (every minute it checks which are due). Run beside `npm run dev`: `npm run cron:local`.
import { readFileSync } from "node:fs";

type Cron = { path: string; schedule: string };
const crons: Cron[] = JSON.parse(readFileSync("vercel.json", "utf8")).crons;
const base = process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const once = process.argv.includes("--once");

function due(schedule: string, d: Date): boolean {
  const [min, hour] = schedule.split(" ");
  const match = (field: string, v: number) => field === "*" || field.split(",").some((f) => (f.startsWith("*/") ? v % Number(f.slice(2)) === 0 : Number(f) === v));
  return match(min, d.getMinutes()) && match(hour, d.getHours());
}

async function call(c: Cron) {
  const headers: Record<string, string> = process.env.CRON_SECRET ? { authorization: `Bearer ${process.env.CRON_SECRET}` } : {};
  try {
    const res = await fetch(base + c.path, { headers });
    console.log(`[cron] ${c.path} -> ${res.status} ${await res.text()}`);
  } catch (e) {
    console.error(`[cron] ${c.path} failed:`, (e as Error).message);
  }
}

async function tick() {
  const now = new Date();
  await Promise.all(crons.filter((c) => once || due(c.schedule, now)).map(call));
}

if (once) {
  void tick();
} else {
  console.log(`[cron] calling ${crons.length} job(s) on ${base}; Ctrl+C to stop`);
  void tick();
  setInterval(tick, 60_000);
}
