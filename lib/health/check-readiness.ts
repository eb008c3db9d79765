import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { Pool } from "pg";
import { sharedPool } from "@/lib/db-pool";
import { envNow } from "@/lib/env";

// Liveness and readiness for load balancers, uptime monitors and deploy scripts. Neither answer
// carries anything secret: the version, the commit, and for readiness which check failed.

const CHECK_TIMEOUT_MS = 3_000;

/** The build being served: package version and the commit (Vercel's, or GIT_COMMIT set by the deploy). */
export function buildInfo() {
  return {
    version: envNow("npm_package_version") ?? readVersion(),
    commit: envNow("VERCEL_GIT_COMMIT_SHA") ?? envNow("GIT_COMMIT") ?? null,
  };
}

let version: string | undefined;
function readVersion(): string {
  try {
    version ??= (JSON.parse(fs.readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    version = "unknown";
  }
  return version;
}

/** The migrations this build ships (folder names under prisma/migrations), or null when the folder
 *  is not deployed with the server (then only unfinished or failed migrations are looked for). The
 *  path is written out in full so the build traces only that folder (next.config.mjs includes it). */
export function shippedMigrations(): string[] | null {
  try {
    return fs.readdirSync(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  } catch {
    return null;
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)));
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export type Readiness = { ready: boolean; checks: { database: "ok" | "unreachable"; migrations: "ok" | "pending" | "failed" | "unknown" }; pending?: string[] };

export async function checkReadiness(pool: Pool = sharedPool(), expected = shippedMigrations()): Promise<Readiness> {
  let rows: { migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }[];
  try {
    await withTimeout(pool.query("SELECT 1"), CHECK_TIMEOUT_MS);
  } catch {
    return { ready: false, checks: { database: "unreachable", migrations: "unknown" } };
  }
  try {
    rows = (await withTimeout(pool.query("SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations"), CHECK_TIMEOUT_MS)).rows;
  } catch {
    // no _prisma_migrations table: nothing was ever migrated
    return { ready: false, checks: { database: "ok", migrations: "pending" }, pending: expected ?? [] };
  }
  if (rows.some((r) => r.finished_at === null && r.rolled_back_at === null)) return { ready: false, checks: { database: "ok", migrations: "failed" } };
  const applied = new Set(rows.filter((r) => r.finished_at !== null && r.rolled_back_at === null).map((r) => r.migration_name));
  const pending = (expected ?? []).filter((m) => !applied.has(m));
  if (pending.length > 0) return { ready: false, checks: { database: "ok", migrations: "pending" }, pending };
  return { ready: true, checks: { database: "ok", migrations: "ok" } };
}
