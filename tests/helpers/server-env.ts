// setupFiles of the jest "server" project: runs in every test file before any module is loaded,
// so lib/env.ts and lib/db.ts see the test database and fast test settings.
import fs from "node:fs";
import { urlFileFor } from "./test-db";

function testDatabaseUrl(): string {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  // Workers are children of the jest process that ran the global setup; in-band runs are that process.
  for (const pid of [process.ppid, process.pid]) {
    try {
      return fs.readFileSync(urlFileFor(pid), "utf8").trim();
    } catch {
      // not this one
    }
  }
  // Never fall back to the development database: an unreachable URL makes database tests fail loudly.
  return "postgresql://no-test-database@127.0.0.1:1/global-setup-did-not-run";
}

Object.assign(process.env, {
  NODE_ENV: "test",
  DATABASE_URL: testDatabaseUrl(),
  NEXTAUTH_SECRET: "test-only-nextauth-secret-0123456789abcdef",
  DATABASE_POOL_MAX: "4",
  BCRYPT_ROUNDS: "4",
});

