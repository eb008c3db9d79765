import { Pool } from "pg";
import { log } from "@/lib/log";

// The process's one PostgreSQL pool, kept on globalThis: the Prisma client (lib/db.ts) runs its
// queries on it and middleware reads the maintenance flag through it, so a process never holds two
// pools (and hot reloads in dev never open new ones). Size: DATABASE_POOL_MAX, default 5 (README
// "Database connections" explains the choice); keep it below the embedded database's connection cap.

export const EMBEDDED_DATABASE_URL = "postgresql://postgres:postgres@127.0.0.1:54329/postgres?sslmode=disable";
export const DEFAULT_POOL_MAX = 5;

const globalForPool = globalThis as unknown as { __pgPool?: Pool };

/** Where a production process without DATABASE_URL points: nowhere (port 1 refuses at once). The
 *  start-up check stops such a server (instrumentation.ts); `next build` imports modules without
 *  connecting, so it must not throw here. */
export const NO_DATABASE_URL = "postgresql://database-url-is-not-set@127.0.0.1:1/missing";

/** The connection string this process uses. The embedded database is a development convenience
 *  only: with NODE_ENV=production a missing DATABASE_URL never falls back to it. */
export function databaseUrl(): string {
  const url = process.env.DATABASE_URL?.trim();
  if (url) return url;
  return process.env.NODE_ENV === "production" ? NO_DATABASE_URL : EMBEDDED_DATABASE_URL;
}

export function poolMax(): number {
  const n = Number(process.env.DATABASE_POOL_MAX);
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_POOL_MAX;
}

export function sharedPool(): Pool {
  if (globalForPool.__pgPool) return globalForPool.__pgPool;
  const pool = new Pool({ connectionString: databaseUrl(), max: poolMax(), idleTimeoutMillis: 30_000, allowExitOnIdle: true });
  // An idle connection dropped by the server (restart, failover, a pooler's timeout) must not crash
  // the process: pg emits "error" on the pool, and an unhandled one would. The pool replaces it.
  pool.on("error", (err) => log.warn({ err }, "idle database connection lost"));
  return (globalForPool.__pgPool = pool);
}
