// A production build that matches the sources: reused while no source file is newer than its
// BUILD_ID, rebuilt otherwise (or when missing). Used by `npm run test:security` and the bench, so a
// fresh clone runs either by itself. Plain ES module: importable from .mjs scripts and from tsx.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const SOURCES = ["app", "lib", "components", "hooks", "generated", "public", "middleware.ts", "instrumentation.ts", "next.config.mjs", "package-lock.json", "postcss.config.mjs", "tsconfig.json"];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const e of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, e)));
  return newest;
}

/** Why distDir needs a build ("missing", "stale"), or null when it is up to date. */
export function buildNeeded(distDir) {
  const marker = path.join(ROOT, distDir, "BUILD_ID");
  if (!existsSync(marker)) return "missing";
  return statSync(marker).mtimeMs > Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s)))) ? null : "stale";
}

/** Builds the app into distDir unless a build there is newer than every source file. */
export function ensureBuild(distDir, force = false) {
  const reason = force ? "forced" : buildNeeded(distDir);
  if (!reason) return { built: false, seconds: 0 };
  const t0 = Date.now();
  console.log(`building the production app into ${distDir} (${reason})...`);
  const b = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: distDir, SKIP_BUILD_TYPECHECK: "1", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (b.status !== 0) throw new Error(`next build failed (exit ${b.status})`);
  return { built: true, seconds: Math.round((Date.now() - t0) / 1000) };
}
