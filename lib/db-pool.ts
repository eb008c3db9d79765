import { Pool } from "pg";
import { databaseUrl, DEFAULT_POOL_MAX, EMBEDDED_DATABASE_URL, NO_DATABASE_URL, poolMax } from "@/lib/env";
import { log } from "@/lib/log";

// The process's one PostgreSQL pool, kept on globalThis: the Prisma client (lib/db.ts) runs its
// queries on it and middleware reads the maintenance flag through it, so a process never holds two
// pools (and hot reloads in dev never open new ones). Size: DATABASE_POOL_MAX, default 5 (README
// "Database connections" explains the choice); keep it below the embedded database's connection cap.

// The URL and the size are read when the pool is made (lib/env.ts, which owns every environment read).
export { databaseUrl, DEFAULT_POOL_MAX, EMBEDDED_DATABASE_URL, NO_DATABASE_URL, poolMax };

const globalForPool = globalThis as unknown as { __pgPool?: Pool };

export function sharedPool(): Pool {
  if (globalForPool.__pgPool) return globalForPool.__pgPool;
  const pool = new Pool({ connectionString: databaseUrl(), max: poolMax(), idleTimeoutMillis: 30_000, allowExitOnIdle: true });
  // An idle connection dropped by the server (restart, failover, a pooler's timeout) must not crash
  // the process: pg emits "error" on the pool, and an unhandled one would. The pool replaces it.
  pool.on("error", (err) => log.warn({ err }, "idle database connection lost"));
  return (globalForPool.__pgPool = pool);
}
