import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../../scripts/lib/ports";

// A real production server (`next start`) over a build, for the checks that need Next itself:
// headers from next.config.mjs, middleware, the client bundle. The build is the one CI's e2e step
// made in .next, or another folder named by SECURITY_NEXT_DIST_DIR (a local
// `NEXT_DIST_DIR=.next-sec SKIP_BUILD_TYPECHECK=1 npx next build`).

export const ROOT = path.resolve(__dirname, "..", "..", "..");

/** The build folder; throws (never skips) when there is no production build to check. */
export function buildDir(): string {
  const name = process.env.SECURITY_NEXT_DIST_DIR || ".next";
  const dir = path.resolve(ROOT, name);
  if (!fs.existsSync(path.join(dir, "BUILD_ID"))) {
    throw new Error(
      `No production build in ${dir} (BUILD_ID missing). The security suite checks the real build: run it after ` +
        "`next build` (CI runs it after the e2e step), or build into another folder with " +
        "`NEXT_DIST_DIR=.next-sec SKIP_BUILD_TYPECHECK=1 npx next build` and set SECURITY_NEXT_DIST_DIR=.next-sec.",
    );
  }
  return dir;
}

export type NextServer = { url: string; child: ChildProcess; stop: () => Promise<void>; log: () => string };

export async function startNext(env: Record<string, string>): Promise<NextServer> {
  const dir = buildDir();
  const port = await freePort();
  const bin = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [bin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: path.relative(ROOT, dir), NODE_OPTIONS: "", ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${out}`);
    try {
      await fetch(`${url}/api/auth/user`);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`next start did not answer in 60 s:\n${out}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    url,
    child,
    log: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
