// `npm run test:e2e [-- playwright args]`: Playwright tests whatever `.next` (or NEXT_DIST_DIR)
// holds, so build first when the build is missing or older than the newest source file (or always
// with E2E_BUILD=1), then run `playwright test` with the remaining arguments and exit with its code.
// The server listens on E2E_PORT when it is given, else on a port the OS hands out now, so two runs
// on one machine (two checkouts, two helpers) never clash on a fixed port.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { e2ePort, freePort } from "./lib/ports";

const ROOT = path.resolve(__dirname, "..");
const SOURCES = ["app", "components", "lib", "middleware.ts", "proxy.ts", "next.config.mjs", "prisma/schema.prisma"];
const SKIP_DIRS = new Set(["node_modules", ".next", ".git"]);

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

// NEXT_DIST_DIR: a build in its own folder (next.config.mjs's distDir, which scripts/e2e-server.ts
// serves), so a second run on the machine neither rebuilds nor serves another run's `.next`.
const DIST = process.env.NEXT_DIST_DIR || ".next";

function buildReason(): string | undefined {
  if (process.env.E2E_BUILD === "1") return "E2E_BUILD=1";
  const buildId = path.join(ROOT, DIST, "BUILD_ID");
  if (!existsSync(buildId)) return `${DIST}/BUILD_ID is missing`;
  // A build that fails while prerendering leaves BUILD_ID behind but not the prerender manifest.
  if (!existsSync(path.join(ROOT, DIST, "prerender-manifest.json"))) return "the last build did not complete";
  const built = statSync(buildId).mtimeMs;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  return newest > built ? "sources changed since the last build" : undefined;
}

function run(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: "inherit", env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

async function main() {
  const port = process.env.E2E_PORT?.trim() ? e2ePort() : await freePort();
  const env = { ...process.env, E2E_PORT: String(port) };
  console.log(`e2e: the server will listen on 127.0.0.1:${port}`);
  const reason = buildReason();
  if (reason) {
    console.log(`e2e: building (${reason})`);
    // The same secret and URL the e2e server uses, in case the build evaluates auth config.
    const code = run(["node_modules/next/dist/bin/next", "build"], {
      ...env,
      NODE_ENV: "production",
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      NEXTAUTH_SECRET: "e2e-secret-0123456789abcdef",
      // CI type-checks the tree in its own step; this build only serves the browser tests.
      SKIP_BUILD_TYPECHECK: "1",
    });
    if (code !== 0) {
      console.error(`e2e: next build failed (exit ${code})`);
      process.exit(code);
    }
  } else {
    console.log(`e2e: ${DIST} is up to date, not rebuilding (E2E_BUILD=1 forces a build)`);
  }
  process.exit(run(["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], env));
}

main().catch((error: unknown) => {
  console.error("e2e:", error);
  process.exit(1);
});
