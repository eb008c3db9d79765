/** @jest-environment node */
import { Pool } from "pg";
import { GET as ready } from "@/app/api/health/ready/route";
import { GET as health } from "@/app/api/health/route";
import { sharedPool } from "@/lib/db-pool";
import { call } from "../helpers/http";

// Issue 22 item 2: readiness is 503 with the database down or its migrations not applied, 200
// otherwise; liveness never asks the database. The process's pool is swapped for one pointing at a
// closed port, then at an empty database, and put back. Serial: on the embedded PGlite the empty
// search path is set on the one session every connection shares, so the other worker's queries
// would fail while it is in force (tests/unit/shared-session-state.test.ts).

const slot = globalThis as unknown as { __pgPool?: Pool };

async function withPool<T>(pool: Pool, fn: () => Promise<T>): Promise<T> {
  const real = sharedPool();
  slot.__pgPool = pool;
  try {
    return await fn();
  } finally {
    slot.__pgPool = real;
    await pool.end().catch(() => undefined);
  }
}

describe("GET /api/health/ready", () => {
  it("is 503 with the database down, while /api/health still answers 200", async () => {
    const down = new Pool({ connectionString: "postgresql://postgres@127.0.0.1:1/nowhere", max: 1 });
    down.on("error", () => undefined);
    const [r, live] = await withPool(down, async () => [await call(ready, { path: "/api/health/ready" }), await call(health, { path: "/api/health" })]);
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ status: "not_ready", ready: false, checks: { database: "unreachable", migrations: "unknown" } });
    expect(r.headers.get("x-request-id")).toBeTruthy();
    expect(live.status).toBe(200);
  });

  it("is 503 while migrations are not applied, naming the pending ones", async () => {
    // A database where nothing was migrated: an empty schema first on the search path (works on
    // PostgreSQL and on the embedded PGlite, which has one database whatever CREATE DATABASE says).
    const schema = `health_empty_${process.pid}_${Date.now()}`;
    const admin = new Pool({ connectionString: process.env.DATABASE_URL!, max: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      const empty = new Pool({ connectionString: process.env.DATABASE_URL!, max: 1 });
      empty.on("connect", (client) => void client.query(`SET search_path TO ${schema}`));
      const r = await withPool(empty, () => call<{ pending: string[] }>(ready, { path: "/api/health/ready" }));
      expect(r.status).toBe(503);
      expect(r.json).toMatchObject({ ready: false, checks: { database: "ok", migrations: "pending" } });
      expect(r.json.pending.length).toBeGreaterThan(0);
      expect(r.json.pending[0]).toMatch(/^\d{14}_/);
    } finally {
      // PGlite serves every connection from one backend session: undo the search path for the others.
      await admin.query("RESET search_path").catch(() => undefined);
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      await admin.end();
    }
  });

  it("is 200 on the migrated test database", async () => {
    const r = await call(ready, { path: "/api/health/ready" });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ ready: true, checks: { database: "ok", migrations: "ok" } });
  });
});
