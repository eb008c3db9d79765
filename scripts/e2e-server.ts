// Serves the production build in `.next` for the end-to-end tests, on a throwaway database:
// - DATABASE_URL set: a fresh `loyalty_e2e_<random>` database on that server, dropped on exit;
// - otherwise: an in-memory embedded PGlite on a free port, stopped on exit.
// Started by playwright.config.ts (webServer), which sends SIGTERM when the run is over.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { migrate, startEmbeddedDb } from "./lib/embedded-db";
import { e2ePort } from "./lib/ports";

// E2E_PORT (set by scripts/e2e.ts; playwright.config.ts waits on the same one), else 3100.
const PORT = e2ePort();
const ROOT = path.resolve(__dirname, "..");

type Database = { url: string; drop(): Promise<void> };

function log(message: string) {
  console.log(`e2e-server: ${message}`);
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createThrowawayDatabase(serverUrl: string): Promise<Database> {
  const name = `loyalty_e2e_${randomBytes(6).toString("hex")}`;
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  log(`created database ${name} on ${url.host}`);
  return {
    url: url.toString(),
    async drop() {
      await withClient(serverUrl, async (c) => {
        try {
          await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } catch {
          // PostgreSQL < 13 has no WITH (FORCE); the app has exited by now anyway.
          await c.query(`DROP DATABASE IF EXISTS "${name}"`);
        }
      });
      log(`dropped database ${name}`);
    },
  };
}

async function startThrowawayEmbeddedDb(): Promise<Database> {
  const embedded = await startEmbeddedDb({ dataDir: "memory", port: 0 }); // 0 = a free port
  log(`embedded PGlite (in memory) on port ${embedded.port}`);
  return {
    url: embedded.url,
    async drop() {
      await embedded.stop();
      log("embedded PGlite stopped");
    },
  };
}

async function main() {
  // NEXT_DIST_DIR: a build in its own folder (next.config.mjs's distDir), so a helper's e2e run
  // does not need the shared `.next`.
  const dist = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(path.join(ROOT, dist, "BUILD_ID"))) {
    console.error(`e2e-server: ${dist}/BUILD_ID is missing; build first (\`npm run test:e2e\` builds .next when needed)`);
    process.exit(1);
  }

  const serverUrl = process.env.DATABASE_URL?.trim();
  const db = serverUrl ? await createThrowawayDatabase(serverUrl) : await startThrowawayEmbeddedDb();

  let cleaning: Promise<void> | undefined;
  const cleanup = () =>
    (cleaning ??= db.drop().catch((error: unknown) => {
      console.error("e2e-server: could not remove the throwaway database:", error);
    }));

  // Signals can arrive while migrating (before next runs) or while next runs.
  const state: { child?: ChildProcess; stopping: boolean } = { stopping: false };
  const onSignal = (signal: NodeJS.Signals) => {
    state.stopping = true;
    const { child } = state;
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    else if (!child) void cleanup().then(() => process.exit(1));
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, onSignal);

  try {
    await migrate(db.url);
    log("migrations applied");
  } catch (error) {
    console.error("e2e-server: migration failed:", error);
    await cleanup();
    process.exit(1);
  }
  if (state.stopping) {
    await cleanup();
    process.exit(1);
  }

  const child = spawn(
    process.execPath,
    [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(PORT)],
    {
      cwd: ROOT,
      stdio: "inherit",
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        DATABASE_POOL_MAX: "5",
        // Every browser in the suite comes from 127.0.0.1: per-network limits would trip after ten sign-ups.
        RATE_LIMIT_MULTIPLIER: "50",
        // The specs read codes and links from the simulated outbox without a business session.
        ENABLE_TEST_ENDPOINTS: "1",
        // The first super admin is created from these on their first login (tests/e2e/admin-*.spec.ts).
        SUPER_ADMIN_EMAIL: process.env.E2E_SUPER_ADMIN_EMAIL ?? "e2e-admin@example.com",
        SUPER_ADMIN_PASSWORD: process.env.E2E_SUPER_ADMIN_PASSWORD ?? "E2e-Admin-Pass1!",
        NEXTAUTH_URL: `http://127.0.0.1:${PORT}`,
        NEXTAUTH_SECRET: "e2e-secret-0123456789abcdef",
        NODE_ENV: "production",
      },
    },
  );
  state.child = child;

  child.on("exit", (code, signal) => {
    if (!state.stopping) log(`next start exited unexpectedly (${signal ?? code})`);
    void cleanup().then(() => process.exit(state.stopping ? 0 : (code ?? 1)));
  });
}

main().catch((error: unknown) => {
  console.error("e2e-server:", error);
  process.exit(1);
});
