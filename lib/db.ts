import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { Pool } from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import { sharedPool } from "@/lib/db-pool";
import "@/lib/env"; // validates the configuration before the first query

// One client per process (kept on globalThis so hot reloads in dev do not open new pools), running on
// the process's one pg pool (lib/db-pool.ts). Nothing here keeps session state on a connection
// (no named prepared statements, session advisory locks or plain SET), so a pooler in transaction
// mode (PgBouncer, Neon/Supabase poolers) in front of DATABASE_URL is safe; see docs/deploy.md.
const globalForDb = globalThis as unknown as { __db?: PrismaClient };

function createClient() {
  // pg is one external module in every bundle (Next's default serverExternalPackages), so the pool
  // passes the adapter's instanceof check; should it not, the adapter gets the same settings instead.
  const pool: unknown = sharedPool();
  return new PrismaClient({ adapter: new PrismaPg(pool instanceof Pool ? pool : { ...(pool as Pool).options }) });
}

export const db: PrismaClient = globalForDb.__db ?? (globalForDb.__db = createClient());

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
