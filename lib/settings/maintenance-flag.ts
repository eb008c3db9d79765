import { Pool } from "pg";

// Middleware runs outside the React server graph, so it reads the one flag it needs with a tiny
// pg pool of its own instead of the Prisma client. No caching: any instance sees a change at once.
const globalForPool = globalThis as unknown as { __maintenancePool?: Pool };

function pool(): Pool {
  return (globalForPool.__maintenancePool ??= new Pool({
    connectionString: process.env.DATABASE_URL ?? "postgresql://postgres:postgres@127.0.0.1:54329/postgres?sslmode=disable",
    max: 1,
    idleTimeoutMillis: 10_000,
    allowExitOnIdle: true,
  }));
}

export async function isMaintenanceMode(): Promise<boolean> {
  try {
    const res = await pool().query<{ maintenanceMode: boolean }>('SELECT "maintenanceMode" FROM system_settings WHERE id = 1');
    return res.rows[0]?.maintenanceMode === true;
  } catch (e) {
    // A database hiccup must not lock everyone out; the API wrappers check the flag again.
    console.error("[middleware] maintenance flag unavailable", (e as Error).message);
    return false;
  }
}
