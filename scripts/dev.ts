// `npm run dev`: the app on a fresh clone with no database installed.
// DATABASE_URL set: use that database. Unset: start the embedded PGlite (.data/pglite) in this
// process on 127.0.0.1:54329. Then apply migrations, seed the demo business on the first start,
// run `next dev` with DATABASE_URL set, forward Ctrl-C / SIGTERM to it, and close the database
// cleanly when it exits.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadEnvConfig } from "@next/env";
import { Client } from "pg";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../prisma/seed/demo-data";
import { EMBEDDED_DB_DATA_DIR, EMBEDDED_DB_PORT, PortInUseError, ROOT, migrate, pendingMigrations, startEmbeddedDb, type EmbeddedDb } from "./lib/embedded-db";

const PID_FILE = path.join(ROOT, ".data", "dev-launcher.pid");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const log = (line: string) => console.log(`[dev] ${line}`);
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

let db: EmbeddedDb | undefined;
let next: ChildProcess | undefined;
let stopRequested = 0; // when the first stop signal arrived during start-up
let exiting = false;

async function main() {
  // The same .env files `next dev` reads, so a DATABASE_URL in .env.local counts as set.
  loadEnvConfig(ROOT, true, { info: () => {}, error: console.error });
  const appPort = Number(process.env.PORT || 3000);
  const started = Date.now();

  let url = process.env.DATABASE_URL;
  let where: string;
  if (url) {
    where = `DATABASE_URL ${redact(url)}`;
  } else {
    log(`Starting the embedded database (PGlite, data in ${path.relative(ROOT, EMBEDDED_DB_DATA_DIR)}) ...`);
    const t = Date.now();
    try {
      db = await startEmbeddedDb({ dataDir: EMBEDDED_DB_DATA_DIR, port: EMBEDDED_DB_PORT });
    } catch (err) {
      throw err instanceof PortInUseError ? new Fatal(runningLauncherMessage(err.port) ?? err.message) : err;
    }
    fs.writeFileSync(PID_FILE, String(process.pid));
    url = db.url;
    where = `embedded PGlite, data in ${path.relative(ROOT, EMBEDDED_DB_DATA_DIR)}/ (${url})`;
    log(`Embedded database ready in ${seconds(t)}.`);
  }
  await stopIfRequested();

  const t = Date.now();
  const pending = await pendingMigrations(url).catch((err: Error) => {
    throw new Fatal(`Cannot reach the database at ${redact(url!)}: ${err.message}`);
  });
  if (pending.length === 0) {
    log(`Migrations up to date (checked in ${seconds(t)}).`);
  } else {
    log(`Applying ${pending.length} migration(s) (prisma migrate deploy) ...`);
    await migrate(url).catch((err: Error) => {
      throw new Fatal(`Could not apply migrations to ${redact(url!)}:\n${err.message}`);
    });
    log(`Migrations applied (${seconds(t)}).`);
  }
  await stopIfRequested();

  const firstStart = !(await demoExists(url));
  if (firstStart || (process.env.SUPER_ADMIN_EMAIL && process.env.SUPER_ADMIN_PASSWORD)) {
    if (firstStart) log("First start: seeding the demo business ...");
    const { runSeed } = await import("../prisma/seed");
    await runSeed(url, log);
  }
  await stopIfRequested();

  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, PORT: String(appPort) };
  // Keep the app's pool well below the embedded server's connection cap.
  if (db) env.DATABASE_POOL_MAX = String(Math.min(Number(process.env.DATABASE_POOL_MAX) || 5, 30));
  const rule = "─".repeat(72);
  console.log(
    [
      rule,
      `  App         http://localhost:${appPort}   (next dev starting; database ready in ${seconds(started)})`,
      `  Database    ${where}`,
      `  Demo login  ${DEMO_EMAIL} / ${DEMO_PASSWORD}`,
      rule,
    ].join("\n"),
  );

  next = spawn(process.execPath, [NEXT_BIN, "dev", ...process.argv.slice(2)], { cwd: ROOT, env, stdio: "inherit" });
  next.once("exit", (code, signal) => void shutdown(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)));
  next.once("error", (err) => {
    console.error(`[dev] could not start next dev: ${err.message}`);
    void shutdown(1);
  });
}

/** Forwards the signal to next dev (which then exits, and we follow); before that, stops start-up. */
function onSignal(signal: NodeJS.Signals) {
  if (next && next.exitCode === null && next.signalCode === null) {
    next.kill(signal);
    setTimeout(() => next?.kill("SIGKILL"), 10_000).unref();
    return;
  }
  // A second Ctrl-C during start-up stops at once. (One Ctrl-C can arrive twice within
  // milliseconds: from the terminal and relayed by the tsx wrapper.)
  if (stopRequested) {
    if (Date.now() - stopRequested > 1000) void shutdown(130);
    return;
  }
  stopRequested = Date.now();
  log(`${signal}: stopping after the current start-up step (again to force) ...`);
}

async function stopIfRequested() {
  if (stopRequested) await shutdown(130);
}

async function shutdown(code: number): Promise<never> {
  if (!exiting) {
    exiting = true;
    if (db) {
      const t = Date.now();
      await db.stop().catch((err) => console.error(`[dev] closing the embedded database: ${err}`));
      log(`Embedded database closed (${seconds(t)}).`);
    }
    removePidFile();
    process.exit(code);
  }
  return new Promise<never>(() => {}); // already exiting
}

/** An error whose message says it all (no stack trace). */
class Fatal extends Error {}

async function demoExists(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select exists(select 1 from businesses where email = $1) as found", [DEMO_EMAIL]);
    return rows[0].found === true;
  } finally {
    await client.end();
  }
}

/** When .data/dev-launcher.pid names a launcher that is still running, say which and how to stop it. */
function runningLauncherMessage(port: number): string | undefined {
  try {
    const pid = Number(fs.readFileSync(PID_FILE, "utf8").trim());
    process.kill(pid, 0); // throws when there is no such process
    const cmdline = `/proc/${pid}/cmdline`;
    if (fs.existsSync(cmdline) && !fs.readFileSync(cmdline, "utf8").includes("dev.ts")) return undefined; // pid reused
    const since = fs.statSync(PID_FILE).mtime.toLocaleTimeString();
    return (
      `Port ${port} is held by an earlier \`npm run dev\` of this folder that is still running (pid ${pid}, started ${since}).\n` +
      `  Stop it (Ctrl-C in its terminal, or: kill ${pid}) and start again, or set DATABASE_URL to use another database.`
    );
  } catch {
    return undefined;
  }
}

function removePidFile() {
  try {
    if (fs.readFileSync(PID_FILE, "utf8").trim() === String(process.pid)) fs.unlinkSync(PID_FILE);
  } catch {
    // not ours or already gone
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => onSignal(signal));

main().catch((err) => {
  if (err instanceof Fatal) console.error(`\n[dev] ${err.message}\n`);
  else console.error("[dev]", err instanceof Error ? (err.stack ?? err.message) : err);
  next?.kill("SIGTERM");
  void shutdown(1);
});
