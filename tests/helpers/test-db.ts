// Shared by the jest global setup, teardown and server-env: where the run's database URL is
// recorded, and how a throwaway PostgreSQL database is named, created and dropped.
// Relative imports only: jest's moduleNameMapper does not apply to globalSetup/globalTeardown.
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import type { EmbeddedDb } from "../../scripts/lib/embedded-db";

export const TEST_DB_PREFIX = "loyalty_test_";
/** Databases of runs that were killed before their teardown are dropped after this long. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

export type TestDbState =
  | { kind: "postgres"; url: string; adminUrl: string; database: string; file: string }
  | { kind: "pglite"; url: string; db: EmbeddedDb; file: string };

const STATE_KEY = "__LOYALTY_TEST_DB__";
export const testDbState = {
  get: () => (globalThis as Record<string, unknown>)[STATE_KEY] as TestDbState | undefined,
  set: (s: TestDbState | undefined) => ((globalThis as Record<string, unknown>)[STATE_KEY] = s),
};

/** The file holding the URL of the jest run whose main process has this pid. */
export function urlFileFor(pid: number): string {
  return path.join(os.tmpdir(), `loyalty-jest-db-${pid}.url`);
}

/** loyalty_test_<time, base 36>_<random>: unique, and its age is readable for stale clean-up. */
export function newDatabaseName(): string {
  return `${TEST_DB_PREFIX}${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function createDatabase(adminUrl: string, database: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await dropStaleDatabases(admin);
    await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [database]);
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Drops throwaway databases older than STALE_AFTER_MS (their run was killed). Never one in use. */
async function dropStaleDatabases(admin: Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'loyalty\\_test\\_%'");
  for (const { datname } of rows) {
    const created = parseInt(datname.slice(TEST_DB_PREFIX.length).split("_")[0], 36);
    if (!Number.isFinite(created) || Date.now() - created < STALE_AFTER_MS) continue;
    // Without FORCE: a database somebody is still connected to is left alone.
    await admin.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => {});
  }
}
