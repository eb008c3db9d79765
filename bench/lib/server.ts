// The production server for a bench run: build into its own folder (reused while no source file is
// newer than it), start `next start` as its own process, wait for it, and sample its memory.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "..", "..");
// The build itself: scripts/lib/ensure-build.mjs (shared with `npm run test:security`).
export { ensureBuild } from "../../scripts/lib/ensure-build.mjs";

/** Calls `visit` for every process in /proc with its pid, the fields of its stat line after the
 *  command name (fields[2] is the process group, [11] and [12] user and system ticks) and a reader
 *  for its other files. Read in this process: spawning a shell per sample would load the 2 cores
 *  we are measuring. A process that exits meanwhile is skipped. */
function forEachProcess(visit: (pid: string, fields: string[], read: (file: "cmdline" | "status") => string) => void) {
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      visit(pid, stat.slice(stat.lastIndexOf(")") + 2).split(" "), (file) => readFileSync(`/proc/${pid}/${file}`, "utf8"));
    } catch {
      /* gone meanwhile */
    }
  }
}

const rssKb = (status: string) => Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);

/** Resident memory (MB) of every process in a process group except npm's own wrapper. */
export function groupRssMb(pgid: number): number {
  let kb = 0;
  forEachProcess((_pid, fields, read) => {
    if (Number(fields[2]) !== pgid || read("cmdline").includes("npm")) return;
    kb += rssKb(read("status"));
  });
  return Math.round(kb / 1024);
}

/** CPU seconds used so far by the processes of a group, or by those whose command line contains
 *  `match` (PostgreSQL backends name their database there). */
export function cpuSeconds(sel: { pgid?: number; match?: string }): number {
  let ticks = 0;
  forEachProcess((_pid, fields, read) => {
    const mine = sel.pgid !== undefined ? Number(fields[2]) === sel.pgid : read("cmdline").includes(sel.match ?? "\u0000");
    if (mine) ticks += Number(fields[11]) + Number(fields[12]);
  });
  return ticks / 100;
}

/** Each process of the group with its resident memory, for the log. */
export function groupBreakdown(pgid: number): string {
  const out: string[] = [];
  forEachProcess((pid, fields, read) => {
    if (Number(fields[2]) !== pgid) return;
    const cmd = read("cmdline").split("\0").join(" ").slice(0, 60);
    out.push(`${pid} ${Math.round(rssKb(read("status")) / 1024)} MB ${cmd}`);
  });
  return out.join("; ");
}

/** Until the server answers `url` below 500 (60 s at most), failing fast if its process exits. */
export async function waitForServer(url: string, server: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error("next start exited early");
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("next start did not answer in 60 s");
}

export type Server = { base: string; process: ChildProcess; peakMb: () => number; stop: () => Promise<void> };

export async function startServer(opts: { distDir: string; port: number; env: Record<string, string>; logFile?: string }): Promise<Server> {
  // The package's own start script, so the bench measures what production runs (its node flags too).
  // With logFile, its JSON logs (stdout) and stderr go there; otherwise stderr is shown.
  const out = opts.logFile ? openSync(opts.logFile, "a") : undefined;
  const child = spawn("npm", ["run", "-s", "start", "--", "-p", String(opts.port)], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env, NEXT_DIST_DIR: opts.distDir, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", out ?? "ignore", out ?? "inherit"],
    detached: true,
  });
  if (out !== undefined) closeSync(out);
  const base = `http://127.0.0.1:${opts.port}`;
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, groupRssMb(child.pid!));
  };
  const sampler = setInterval(sample, 500);
  sampler.unref();
  await waitForServer(`${base}/api/auth/user`, child);
  sample();
  return {
    base,
    process: child,
    peakMb: () => (sample(), peak),
    stop: async () => {
      clearInterval(sampler);
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        /* already gone */
      }
      await new Promise((r) => setTimeout(r, 500));
    },
  };
}

