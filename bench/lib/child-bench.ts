// Bench modules that must read their own environment (the app's modules read theirs when first
// imported) run in a child process: the parent spawns the file with --child and reads its rows from
// one marked line of its output; run directly, the file prints its rows.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BenchRow } from "./results";

const ROOT = path.resolve(__dirname, "..", "..");
const MARK = "BENCH_ROWS ";

/** A numeric --name argument of this process, or the fallback. */
export function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** Whether this process was given the --name switch. */
export function flagArg(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

/** Runs a bench file in a child process with these numeric arguments and returns its rows. */
export function runInChild(file: string, args: Record<string, number>): Promise<BenchRow[]> {
  return new Promise((resolve, reject) => {
    const argv = ["--import", "tsx", file, "--child", ...Object.entries(args).flatMap(([k, v]) => [`--${k}`, String(v)])];
    const child = spawn(process.execPath, argv, { cwd: ROOT, env: process.env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (c: string) => (out += c));
    child.on("error", reject);
    child.on("close", (code) => {
      const line = out.split("\n").find((l) => l.startsWith(MARK));
      if (code !== 0 || !line) return reject(new Error(`${path.relative(ROOT, file)} exited ${code}${line ? "" : " without results"}`));
      resolve(JSON.parse(line.slice(MARK.length)) as BenchRow[]);
    });
  });
}

/** Puts these rows into bench/results.json in place of rows of the same group and name (the file
 *  `npm run bench` writes), for a module run on its own. */
function mergeIntoResults(rows: BenchRow[]): void {
  const file = path.join(ROOT, "bench", "results.json");
  const out = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as { rows: BenchRow[] } & Record<string, unknown>) : { when: new Date().toISOString(), rows: [] as BenchRow[] };
  const key = (r: BenchRow) => `${r.group}\n${r.name}`;
  const fresh = new Set(rows.map(key));
  const loadAverage = os.loadavg().map((x) => Math.round(x * 100) / 100);
  out.rows = [...out.rows.filter((r) => !fresh.has(key(r))), ...rows.map((r) => ({ ...r, note: `${r.note ?? ""}; run alone ${new Date().toISOString()}, load average ${loadAverage.join(" ")} on ${os.cpus().length} CPUs` }))];
  fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  console.log("merged into bench/results.json");
}

/** The main of a bench file: its rows for the parent (--child) or printed (and with
 *  --write-results merged into bench/results.json), then exit. */
export function benchMain(measure: () => Promise<BenchRow[]>): void {
  measure().then(
    (rows) => {
      if (process.argv.includes("--child")) console.log(MARK + JSON.stringify(rows));
      else for (const r of rows) console.log(`${r.name.padEnd(70)} ${String(r.value).padStart(8)} ${r.unit}  ${r.met === null ? "" : r.met ? "met" : "NOT MET"}  (${r.note ?? ""})`);
      if (process.argv.includes("--write-results")) mergeIntoResults(rows);
      process.exit(0);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
