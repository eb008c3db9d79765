// Global setup of the security suite: the usual throwaway test database, plus the file every
// worker appends its counters to (tests/security/support/tally.ts). `npm run test:security` runs
// jest twice (parallel files, then *.serial.test.ts in band) and passes one file to both runs;
// a direct `JEST_SECURITY=1 npx jest ...` gets a fresh file here.
// Relative imports only: jest's moduleNameMapper does not apply to globalSetup.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import globalSetup from "../../helpers/global-setup";

export default async function securityGlobalSetup(): Promise<void> {
  if (!process.env.SECURITY_TALLY_FILE) {
    const file = path.join(os.tmpdir(), `security-tally-${process.pid}.jsonl`);
    fs.writeFileSync(file, "");
    // Workers are started after the global setup and inherit this environment.
    process.env.SECURITY_TALLY_FILE = file;
  }
  await globalSetup();
}
