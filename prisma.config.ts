import "dotenv/config";
import { defineConfig } from "prisma/config";
import { migrationAdapter } from "./prisma/pg-adapter";

// Default = the embedded PGlite server started by `npm run dev`. The schema's env("DATABASE_URL")
// must resolve, otherwise the CLI falls back to downloading a native query engine.
process.env.DATABASE_URL ??= "postgresql://postgres:postgres@127.0.0.1:54329/postgres?sslmode=disable";

// Optional: the WASM schema engine leaves 10 s / 60 s timers behind, which keep the CLI
// process alive after its work is done. Unref long timers so `prisma migrate ...` exits promptly.
const setTimeoutOrig = globalThis.setTimeout;
globalThis.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const t = setTimeoutOrig(fn, ms, ...args);
  if ((ms ?? 0) >= 10_000) t.unref();
  return t;
}) as typeof setTimeout;

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  // Migrations need a direct connection (a pooler in transaction mode cannot run the schema engine's
  // session work): DIRECT_URL when DATABASE_URL is a pooled URL, DATABASE_URL otherwise.
  async adapter() {
    return migrationAdapter(process.env.DIRECT_URL?.trim() || process.env.DATABASE_URL!);
  },
});
