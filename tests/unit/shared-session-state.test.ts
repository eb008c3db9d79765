/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// `npm test` without DATABASE_URL serves every jest worker from ONE embedded PGlite, which has one
// backend session for all connections (scripts/lib/embedded-db.ts). A session setting changed by
// one test (SET search_path, SET TIME ZONE, RESET ..., a session advisory lock) is in force for
// every query of the other worker until it is undone: the readiness test's empty search path made
// the other worker's requests answer 500 while it ran. Such tests belong in the serial phase
// (*.serial.test.ts, run alone in band); this scan keeps them there. Transaction-scoped settings
// (SET LOCAL, SET TRANSACTION, set_config(..., true), pg_advisory_xact_lock) are fine.

const ROOT = path.resolve(__dirname, "../..");
const SESSION_STATE = [
  /[`'"]\s*(SET|RESET)\s+(?!LOCAL\b|TRANSACTION\b|CONSTRAINTS\b)[A-Za-z_]/i, // a query that is a session SET / RESET
  /\bpg_(try_)?advisory_(un)?lock(_shared)?\s*\(/i, // session-level advisory locks
  /\bset_config\s*\([^)]*,\s*false\s*\)/i,
];

function testFiles(rel: string): string[] {
  return readdirSync(path.join(ROOT, rel), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? testFiles(`${rel}/${d.name}`) : /\.test\.tsx?$/.test(d.name) ? [`${rel}/${d.name}`] : [],
  );
}

it("no test of the parallel phase changes the shared database session's settings", () => {
  const offenders = testFiles("tests/integration")
    .filter((f) => !f.endsWith(".serial.test.ts"))
    .flatMap((f) => {
      const source = readFileSync(path.join(ROOT, f), "utf8");
      return SESSION_STATE.filter((re) => re.test(source)).map((re) => `${f}: ${re}`);
    });
  expect(offenders).toEqual([]);
});
