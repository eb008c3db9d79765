// Jest global setup: one migrated, throwaway database per jest run, shared by every worker.
// - DATABASE_URL set (CI, or a local PostgreSQL): a new database loyalty_test_<...> on that server.
// - DATABASE_URL unset, or pointing at PGlite (one database per instance, so CREATE DATABASE would
//   not isolate anything): a fresh in-memory PGlite on a random free port, in this process.
// The URL goes to process.env.TEST_DATABASE_URL and to a file named after this process's pid;
// tests/helpers/server-env.ts turns it into DATABASE_URL in each test file.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, isPGlite, migrate, startEmbeddedDb } from "../../scripts/lib/embedded-db";
import { createDatabase, dropDatabase, newDatabaseName, testDbState, urlFileFor, withDatabase, type TestDbState } from "./test-db";

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  removeFilesOfDeadRuns();
  const file = urlFileFor(process.pid);
  const adminUrl = process.env.DATABASE_URL;
  let state: TestDbState;
  let where: string;

  if (adminUrl && !(await isPGlite(adminUrl))) {
    const database = newDatabaseName();
    try {
      await createDatabase(adminUrl, database);
    } catch (err) {
      throw new Error(`Could not create the test database on DATABASE_URL (${redact(adminUrl)}): ${(err as Error).message}`);
    }
    state = { kind: "postgres", url: withDatabase(adminUrl, database), adminUrl, database, file };
    try {
      await migrate(state.url);
    } catch (err) {
      await dropDatabase(adminUrl, database).catch(() => {});
      throw err;
    }
    where = `database ${database} on ${redact(adminUrl)}`;
  } else {
    const { db, fromSnapshot } = await startMigratedPGlite();
    state = { kind: "pglite", url: db.url, db, file };
    where = `in-memory PGlite on ${db.url}${fromSnapshot ? " (from the cached snapshot)" : ""}`;
    if (adminUrl) where += "; DATABASE_URL is a PGlite, which cannot hold a separate test database";
  }

  testDbState.set(state);
  process.env.TEST_DATABASE_URL = state.url;
  fs.writeFileSync(file, state.url);
  process.stderr.write(`\n[jest] test database ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${where}\n`);
}

/**
 * A fresh in-memory PGlite with the schema applied. The first run migrates it (initdb + migrate
 * deploy: 4-6 s) and saves a snapshot in .data/cache named after the migrations' content; later
 * runs start from that snapshot (about 1 s).
 */
async function startMigratedPGlite() {
  // Keyed by the PGlite version and every migration, so a stale snapshot is never used.
  const hash = crypto.createHash("sha256").update(fs.readFileSync(path.join(ROOT, "node_modules", "@electric-sql", "pglite", "package.json")));
  const dir = path.join(ROOT, "prisma", "migrations");
  for (const name of fs.readdirSync(dir).sort()) {
    const sql = path.join(dir, name, "migration.sql");
    if (fs.existsSync(sql)) hash.update(name).update(fs.readFileSync(sql));
  }
  const cacheDir = path.join(ROOT, ".data", "cache");
  const snapshot = path.join(cacheDir, `jest-pglite-${hash.digest("hex").slice(0, 16)}.tar.gz`);
  // Test files each open their own pool: allow plenty of connections.
  const options = { dataDir: "memory", port: 0, maxConnections: 100 } as const;

  if (fs.existsSync(snapshot)) {
    try {
      const db = await startEmbeddedDb({ ...options, loadDataDir: new Blob([fs.readFileSync(snapshot)]) });
      return { db, fromSnapshot: true };
    } catch {
      fs.rmSync(snapshot, { force: true }); // unreadable: rebuild it below
    }
  }
  const db = await startEmbeddedDb(options);
  try {
    await migrate(db.url);
  } catch (err) {
    await db.stop();
    throw err;
  }
  // Best effort: a run without a snapshot is only slower.
  const tmp = `${snapshot}.${process.pid}.tmp`; // write then rename: a concurrent run never reads half a file
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    fs.writeFileSync(tmp, Buffer.from(await (await db.dump()).arrayBuffer()));
    fs.renameSync(tmp, snapshot);
    for (const old of fs.readdirSync(cacheDir)) {
      if (/^jest-pglite-.*\.tar\.gz$/.test(old) && path.join(cacheDir, old) !== snapshot) fs.rmSync(path.join(cacheDir, old), { force: true });
    }
  } catch {
    fs.rmSync(tmp, { force: true });
  }
  return { db, fromSnapshot: false };
}

/** URL files left by jest runs that were killed before their teardown. */
function removeFilesOfDeadRuns() {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const pid = Number(/^loyalty-jest-db-(\d+)\.url$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ESRCH") fs.rmSync(path.join(os.tmpdir(), name), { force: true });
    }
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}
