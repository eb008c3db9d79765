import { databaseUrl, EMBEDDED_DATABASE_URL, NO_DATABASE_URL, poolMax } from "@/lib/db-pool";
import { restoreEnvAfterEach } from "../helpers/isolated-env";

// Issue 22 item 1: the embedded database is never used when NODE_ENV=production; the pool size has
// one default.

describe("database URL and pool size", () => {
  restoreEnvAfterEach();

  it("uses the embedded database only outside production", () => {
    delete process.env.DATABASE_URL;
    Object.assign(process.env, { NODE_ENV: "development" });
    expect(databaseUrl()).toBe(EMBEDDED_DATABASE_URL);
    Object.assign(process.env, { NODE_ENV: "production" });
    expect(databaseUrl()).toBe(NO_DATABASE_URL);
    expect(databaseUrl()).not.toContain("54329");
    process.env.DATABASE_URL = "postgresql://app@db.internal:5432/loyalty";
    expect(databaseUrl()).toBe("postgresql://app@db.internal:5432/loyalty");
  });

  it("holds DATABASE_POOL_MAX connections, 5 by default", () => {
    delete process.env.DATABASE_POOL_MAX;
    expect(poolMax()).toBe(5);
    process.env.DATABASE_POOL_MAX = "12";
    expect(poolMax()).toBe(12);
  });
});
