// `npm run db:seed` (tsx prisma/seed.ts): the demo business "The Daily Grind Café" with 30
// customers and 4 months of history, the platform settings row, and the super admin named by
// SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD when both are set. Safe to run again: an existing demo
// business is left as it is. Also run by scripts/dev.ts on the first start.
// DATABASE_URL unset: seeds the embedded database, through `npm run dev` when that is running,
// otherwise by opening .data/pglite itself (applying pending migrations first).
import { loadEnvConfig } from "@next/env";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client";
import { EMBEDDED_DATABASE_URL, PortInUseError, migrate, pendingMigrations, startEmbeddedDb, type EmbeddedDb } from "../scripts/lib/embedded-db";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./seed/demo-data";
import { ensureSuperAdmin, seedDemo } from "./seed/demo";

export { seedDemo, ensureSuperAdmin, ensureSystemSettings, type SeedResult } from "./seed/demo";
export { DEMO_EMAIL, DEMO_PASSWORD, DEMO_BUSINESS_NAME } from "./seed/demo-data";
export const DEMO_LOGIN = `${DEMO_EMAIL} / ${DEMO_PASSWORD}`;

/** Seeds the database at url (demo business + optional super admin). Used by the CLI and scripts/dev.ts. */
export async function runSeed(url: string, log: (line: string) => void = console.log): Promise<void> {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 2 }) });
  try {
    const started = Date.now();
    const result = await seedDemo(prisma);
    log(
      result.created
        ? `Seeded the demo business (id ${result.businessId}, ${result.customers} customers) in ${((Date.now() - started) / 1000).toFixed(1)} s.`
        : `Demo business already present (id ${result.businessId}, ${result.customers} customers): left unchanged.`,
    );
    const { SUPER_ADMIN_EMAIL: email, SUPER_ADMIN_PASSWORD: password } = process.env;
    if (email?.trim() && password) log(`Super admin ${email.trim().toLowerCase()}: ${await ensureSuperAdmin(prisma, email, password)}.`);
  } finally {
    await prisma.$disconnect();
  }
}

async function main() {
  loadEnvConfig(process.cwd(), process.env.NODE_ENV !== "production", { info: () => {}, error: console.error });
  let url = process.env.DATABASE_URL;
  let embedded: EmbeddedDb | undefined;
  if (!url) {
    // Use the embedded database: the running one of `npm run dev`, or start it for the seed.
    try {
      embedded = await startEmbeddedDb();
      url = embedded.url;
      if ((await pendingMigrations(url)).length) await migrate(url);
    } catch (err) {
      if (!(err instanceof PortInUseError)) throw err;
      url = EMBEDDED_DATABASE_URL; // taken, most likely by `npm run dev`: seed through it
    }
  }
  try {
    console.log(`Seeding ${url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@")}${embedded ? " (embedded database, started for the seed)" : ""}`);
    await runSeed(url);
    console.log(`Demo login: ${DEMO_LOGIN}`);
  } finally {
    await embedded?.stop();
  }
}

if (typeof require !== "undefined" && require.main === module) {
  main().catch((err) => {
    const message = err instanceof Error ? err.message : String(err);
    console.error(message);
    if (/does not exist in the current database/.test(message)) console.error("\nThe schema is missing: run `npm run db:migrate` first.");
    if (/Can't reach database server|ECONNREFUSED/.test(message)) console.error("\nNothing answers at DATABASE_URL: is the database running?");
    process.exit(1);
  });
}
