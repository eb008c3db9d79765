// The production server for a bench run: build into its own folder (reused while no source file is
// newer than it), start `next start` as its own process, wait for it, and sample its memory.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "..", "..");
const SOURCES = ["app", "lib", "components", "hooks", "generated", "public", "middleware.ts", "next.config.mjs", "package-lock.json", "postcss.config.mjs", "tsconfig.json"];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const e of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, e)));
  return newest;
}

/** Builds the app into distDir unless a build there is newer than every source file. */
export function ensureBuild(distDir: string, force: boolean): { built: boolean; seconds: number } {
  const marker = path.join(ROOT, distDir, "BUILD_ID");
  const upToDate = !force && existsSync(marker) && statSync(marker).mtimeMs > Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  if (upToDate) return { built: false, seconds: 0 };
  const t0 = Date.now();
  console.log(`building the production app into ${distDir}...`);
  const b = spawnSync("node", ["node_modules/next/dist/bin/next", "build"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NEXT_DIST_DIR: distDir, SKIP_BUILD_TYPECHECK: "1", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (b.status !== 0) throw new Error("next build failed");
  return { built: true, seconds: Math.round((Date.now() - t0) / 1000) };
}

/** Resident memory (MB) of every process in a process group except npm's own wrapper, read from /proc
 *  in this process (spawning a shell per sample would load the 2 cores we are measuring). */
export function groupRssMb(pgid: number): number {
  let kb = 0;
  for (const e of readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      if (readFileSync(`/proc/${e}/cmdline`, "utf8").includes("npm")) continue;
      kb += Number(readFileSync(`/proc/${e}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    } catch {
      /* gone meanwhile */
    }
  }
  return Math.round(kb / 1024);
}

/** CPU seconds used so far by the processes of a group, or by those whose command line contains
 *  `match` (PostgreSQL backends name their database there). */
export function cpuSeconds(sel: { pgid?: number; match?: string }): number {
  let ticks = 0;
  for (const e of readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const mine = sel.pgid !== undefined ? Number(f[2]) === sel.pgid : readFileSync(`/proc/${e}/cmdline`, "utf8").includes(sel.match ?? "\u0000");
      if (mine) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      /* gone meanwhile */
    }
  }
  return ticks / 100;
}

/** Each process of the group with its resident memory, for the log. */
export function groupBreakdown(pgid: number): string {
  const out: string[] = [];
  for (const e of readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) continue;
      const cmd = readFileSync(`/proc/${e}/cmdline`, "utf8").split("\0").join(" ").slice(0, 60);
      const kb = Number(readFileSync(`/proc/${e}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      out.push(`${e} ${Math.round(kb / 1024)} MB ${cmd}`);
    } catch {
      /* gone meanwhile */
    }
  }
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

export async function startServer(opts: { distDir: string; port: number; env: Record<string, string> }): Promise<Server> {
  // The package's own start script, so the bench measures what production runs (its node flags too).
  const child = spawn("npm", ["run", "-s", "start", "--", "-p", String(opts.port)], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env, NEXT_DIST_DIR: opts.distDir, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
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

