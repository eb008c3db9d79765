import { Client } from "pg";
import { isPGlite, migrate, startEmbeddedDb, type EmbeddedDb } from "../../scripts/lib/embedded-db";

/** A database for one bench run: a new database on DATABASE_URL's server when that is a real
 *  PostgreSQL, otherwise an in-memory embedded PGlite. `drop` removes it. */
export async function throwawayDatabase(): Promise<{ url: string; kind: string; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (admin && !(await isPGlite(admin))) {
    const name = `loyalty_bench_${Date.now().toString(36)}`;
    const c = new Client({ connectionString: admin });
    await c.connect();
    await c.query(`CREATE DATABASE "${name}"`);
    await c.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    const drop = async () => {
      const d = new Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await d.end();
    };
    return { url: u.toString(), kind: `PostgreSQL (${name})`, drop };
  }
  const db: EmbeddedDb = await startEmbeddedDb({ dataDir: "memory", port: 0, maxConnections: 40 });
  return { url: db.url, kind: "embedded PGlite (in memory)", drop: () => db.stop() };
}

/** A throwaway database with the app's migrations applied (dropped again if they fail). */
export async function migratedThrowawayDatabase(): Promise<Awaited<ReturnType<typeof throwawayDatabase>>> {
  const target = await throwawayDatabase();
  try {
    await migrate(target.url);
  } catch (e) {
    await target.drop().catch(() => {});
    throw e;
  }
  return target;
}
