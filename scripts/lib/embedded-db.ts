// The embedded database: PGlite (PostgreSQL 17 compiled to WASM) served on a local TCP port by
// pglite-socket, so the app, the Prisma CLI and the tests reach it through the same pg driver as a
// real server. Used by scripts/dev.ts (a fresh clone needs no database installed) and by the jest
// global setup (a throwaway in-memory database per run).
import { applyPgliteQueueFix } from "./pglite-queue-fix";
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "..", "..");
export const EMBEDDED_DB_PORT = 54329;
export const EMBEDDED_DB_DATA_DIR = path.join(ROOT, ".data", "pglite");
/** Same value as EMBEDDED_DATABASE_URL in lib/env.ts (which is server-only, so not imported here). */
export const EMBEDDED_DATABASE_URL = embeddedUrl(EMBEDDED_DB_PORT);

// pglite-socket refuses connections above this. PGlite runs one statement at a time whatever the
// number of connections, so a generous cap costs nothing and keeps every pool (the app's
// DATABASE_POOL_MAX, the seed, the Prisma CLI, a psql or two) well below it.
const MAX_CONNECTIONS = 40;

export type EmbeddedDb = {
  url: string;
  port: number;
  dataDir: string | "memory";
  /** A gzipped tarball of the data directory, for startEmbeddedDb({ loadDataDir }). */
  dump(): Promise<Blob>;
  /** Closes client connections, stops listening and closes PGlite (flushing it to disk). Idempotent. */
  stop(): Promise<void>;
};

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    message: string,
  ) {
    super(message);
    this.name = "PortInUseError";
  }
}

export function embeddedUrl(port: number): string {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

/**
 * Starts PGlite and serves it on 127.0.0.1:port (0 = a random free port).
 * dataDir: a folder (created with its parents; reused when it already holds a database) or
 * "memory" for a throwaway database. Defaults: .data/pglite on port 54329, 40 connections.
 * loadDataDir (with "memory"): start from a dump() instead of an empty database (skips initdb).
 */
export async function startEmbeddedDb(
  opts: { dataDir?: string | "memory"; port?: number; maxConnections?: number; loadDataDir?: Blob } = {},
): Promise<EmbeddedDb> {
  const dataDir = opts.dataDir ?? EMBEDDED_DB_DATA_DIR;
  const wanted = opts.port ?? EMBEDDED_DB_PORT;
  // pglite-socket 0.1.6 never settles start() when listen fails (it marks itself active before
  // listening), so find out first, and also race start() against the server's error event below.
  if (wanted !== 0) await assertPortFree(wanted);

  // Loaded here, not at the top, so that importing this module for its constants stays cheap.
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  if (dataDir !== "memory") await initDataDir(path.resolve(dataDir), PGlite);
  // pg_trgm and btree_gin: the customer search indexes (migration 20261125221051_customer_search_trgm).
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { btree_gin } = await import("@electric-sql/pglite/contrib/btree_gin");
  const extensions = { pg_trgm, btree_gin };
  const db = await (dataDir === "memory" ? PGlite.create({ loadDataDir: opts.loadDataDir, extensions }) : PGlite.create(path.resolve(dataDir), { extensions }));
  const maxConnections = opts.maxConnections ?? MAX_CONNECTIONS;
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: wanted, maxConnections });
  applyPgliteQueueFix(server);
  try {
    await new Promise<void>((resolve, reject) => {
      server.addEventListener("error", (e) => reject((e as CustomEvent).detail), { once: true });
      server.start().then(resolve, reject);
    });
  } catch (err) {
    await db.close().catch(() => {});
    if ((err as NodeJS.ErrnoException)?.code === "EADDRINUSE") throw await portInUse(wanted);
    throw err;
  }
  const port = Number(server.getServerConn().split(":").pop());

  let stopping: Promise<void> | undefined;
  return {
    url: embeddedUrl(port),
    port,
    dataDir,
    dump: () => db.dumpDataDir("gzip"),
    stop: () =>
      (stopping ??= (async () => {
        await server.stop().catch(() => {});
        await db.close();
      })()),
  };
}

/**
 * Creates the database folder (and its parents) on first use. initdb runs in a temporary sibling
 * that is renamed when complete: it blocks the event loop for a few seconds, during which a Ctrl-C
 * can end the process abruptly (the tsx wrapper SIGKILLs a child that does not acknowledge a
 * signal within 60 ms), and a half-initialised folder would break every later start.
 */
async function initDataDir(dir: string, PGlite: typeof import("@electric-sql/pglite").PGlite): Promise<void> {
  const parent = path.dirname(dir);
  fs.mkdirSync(parent, { recursive: true });
  for (const name of fs.readdirSync(parent)) {
    const pid = Number(name.startsWith(`${path.basename(dir)}.init-`) && name.split(".init-")[1]);
    if (pid && !isAlive(pid)) fs.rmSync(path.join(parent, name), { recursive: true, force: true }); // left by a killed start
  }
  if (fs.existsSync(path.join(dir, "PG_VERSION"))) return;
  if (fs.existsSync(dir)) {
    if (fs.readdirSync(dir).length) throw new Error(`${dir} exists but holds no database (no PG_VERSION): move it away or delete it.`);
    fs.rmdirSync(dir);
  }
  const tmp = `${dir}.init-${process.pid}`;
  const init = await PGlite.create(tmp);
  await init.close();
  fs.renameSync(tmp, dir);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Throws PortInUseError, explaining who holds the port when it can tell. */
async function assertPortFree(port: number): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
  if (!free) throw await portInUse(port);
}

async function portInUse(port: number): Promise<PortInUseError> {
  const version = await serverVersion(embeddedUrl(port));
  const who = /wasm32|PGlite/i.test(version ?? "")
    ? "by another embedded database (PGlite), most likely a stale `npm run dev` launcher that is still running"
    : version
      ? `by a PostgreSQL server (${version.split(" on ")[0]})`
      : "by another program";
  return new PortInUseError(
    port,
    `Port ${port} is already in use ${who}.\n` +
      `  Find it with:  ss -ltnp 'sport = :${port}'   (or: lsof -i :${port})\n` +
      `  then stop that process, or set DATABASE_URL to use another database.`,
  );
}

/** select version() on url, or undefined when nothing answers like PostgreSQL within 2 s. */
export async function serverVersion(url: string): Promise<string | undefined> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000, query_timeout: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ version: string }>("select version() as version");
    return rows[0]?.version;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/** True when url is served by PGlite (one database per instance: CREATE DATABASE does not isolate). */
export async function isPGlite(url: string): Promise<boolean> {
  return /wasm32|PGlite/i.test((await serverVersion(url)) ?? "");
}

/**
 * Migrations in prisma/migrations that the database at url has not applied (all of them on an
 * empty database). A quick check that lets a restart skip the CLI's 2-3 s start-up; it does not
 * replace `migrate deploy`, which also reports failed and modified migrations.
 */
export async function pendingMigrations(url: string): Promise<string[]> {
  const dir = path.join(ROOT, "prisma", "migrations");
  const local = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
  const { Client } = await import("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>("select to_regclass('_prisma_migrations') is not null as exists");
    if (!rows[0].exists) return local;
    const applied = await client.query<{ migration_name: string; finished: boolean }>(
      "select migration_name, finished_at is not null and rolled_back_at is null as finished from _prisma_migrations",
    );
    // A started-but-unfinished row means a failed migration: let `migrate deploy` report it.
    if (applied.rows.some((r) => !r.finished && local.includes(r.migration_name))) return local;
    const done = new Set(applied.rows.filter((r) => r.finished).map((r) => r.migration_name));
    return local.filter((name) => !done.has(name));
  } finally {
    await client.end();
  }
}

/**
 * `prisma migrate deploy` against url, as a child process (the CLI's WASM schema engine, configured
 * by prisma.config.ts). The child gets the parent's environment with DATABASE_URL replaced, no
 * NODE_OPTIONS (debugger or loader hooks of the parent) and no update check or telemetry (this
 * machine is offline). Resolves with the CLI's output on exit 0; rejects with it otherwise.
 */
export function migrate(url: string, opts: { timeoutMs?: number } = {}): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  };
  delete env.NODE_OPTIONS;
  const cli = path.join(ROOT, "node_modules", "prisma", "build", "index.js");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "migrate", "deploy"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 120_000);
    child.once("error", (err) => {
      clearTimeout(timer);
      reject(new Error(`prisma migrate deploy could not start: ${err.message}`));
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`prisma migrate deploy failed (${signal ?? `exit ${code}`}):\n${output.trim()}`));
    });
  });
}
