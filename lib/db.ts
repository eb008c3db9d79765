import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/lib/env";

// One client per process (kept on globalThis so hot reloads in dev do not open new pools).
// Keep DATABASE_POOL_MAX below the embedded database's connection cap.
const globalForDb = globalThis as unknown as { __db?: PrismaClient };

function createClient() {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_MAX }) });
}

export const db: PrismaClient = globalForDb.__db ?? (globalForDb.__db = createClient());

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
