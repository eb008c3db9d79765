// npm run test:security: the security suite (tests/security), like `npm test` in two runs: the
// parallel files, then the *.serial.test.ts files alone and in band. Both runs append their
// counters to one fresh file; the suite's reporter prints the totals after the second run and
// fails it on any leak, 5xx or lost write. Extra arguments (test paths, -t ...) go to both runs.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { ensureBuild } from "./lib/ensure-build.mjs";

const require = createRequire(import.meta.url);
const jestBin = require.resolve("jest/bin/jest");
const args = process.argv.slice(2);
// The suite checks the real production build (tests/security/support/instance-next.ts): make it when
// it is missing or older than the sources, so a fresh clone runs this script by itself.
ensureBuild(process.env.SECURITY_NEXT_DIST_DIR || ".next");
const tally = path.join(os.tmpdir(), `security-tally-${process.pid}-${Date.now()}.jsonl`);
fs.writeFileSync(tally, "");
const env = { ...process.env, JEST_SECURITY: "1", SECURITY_TALLY_FILE: tally };

const parallel = spawnSync(process.execPath, [jestBin, ...args], { stdio: "inherit", env: { ...env, SECURITY_TALLY_DEFER: "1" } });
const serial = spawnSync(process.execPath, [jestBin, "--runInBand", "--passWithNoTests", ...args], { stdio: "inherit", env: { ...env, JEST_SERIAL: "1" } });
fs.rmSync(tally, { force: true });
process.exit(parallel.status || serial.status || (parallel.signal || serial.signal ? 1 : 0));
