/** @jest-environment node */
import { Pool } from "pg";
import { GET as ready } from "@/app/api/health/ready/route";
import { GET as health } from "@/app/api/health/route";
import { sharedPool } from "@/lib/db-pool";
import { call } from "../helpers/http";

// Issue 22 item 2: readiness is 503 with the database down or its migrations not applied, 200
// otherwise; liveness never asks the database. The process's pool is swapped for one pointing at a
// closed port, then at an empty database, and put back.

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
    // a fresh empty database on the same server as the test database
    const base = new URL(process.env.DATABASE_URL!);
    const name = `health_empty_${process.pid}_${Date.now()}`;
    const admin = new Pool({ connectionString: base.toString(), max: 1 });
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const emptyUrl = new URL(base.toString());
      emptyUrl.pathname = `/${name}`;
      const empty = new Pool({ connectionString: emptyUrl.toString(), max: 1 });
      const r = await withPool(empty, () => call<{ pending: string[] }>(ready, { path: "/api/health/ready" }));
      expect(r.status).toBe(503);
      expect(r.json).toMatchObject({ ready: false, checks: { database: "ok", migrations: "pending" } });
      expect(r.json.pending.length).toBeGreaterThan(0);
      expect(r.json.pending[0]).toMatch(/^\d{14}_/);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
      await admin.end();
    }
  });

  it("is 200 on the migrated test database", async () => {
    const r = await call(ready, { path: "/api/health/ready" });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ ready: true, checks: { database: "ok", migrations: "ok" } });
  });
});
