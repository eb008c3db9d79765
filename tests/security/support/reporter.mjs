// Jest reporter of the security suite: at the end of the run, one block with the counters every
// test file recorded (tests/security/support/tally.ts), and a failed run if anything leaked,
// answered 5xx or was lost. `npm run test:security` runs jest twice and sets SECURITY_TALLY_DEFER
// on the first run, so the block is printed once, after the serial files, with both runs' counts.
// Plain JavaScript: jest loads reporters without its transform, so this reads the counters file itself.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const LABELS = [
  ["endpointAudiences", "endpoints x audiences checked"],
  ["tenantProbes", "cross-tenant probes"],
  ["malformedInputs", "malformed inputs tried"],
  ["races", "races run"],
  ["faults", "faults injected"],
  ["webChecks", "web checks (headers, cookies, CSRF, bundle, CSV, webhooks)"],
  ["leaks", "leaks"],
  ["serverErrors", "5xx answers"],
  ["lost", "lost writes / ledger mismatches"],
];
const MUST_BE_ZERO = ["leaks", "serverErrors", "lost"];

function readTally(file) {
  const totals = Object.fromEntries(LABELS.map(([k]) => [k, 0]));
  if (!file || !fs.existsSync(file)) return totals;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const { counter, n } = JSON.parse(line);
    totals[counter] = (totals[counter] ?? 0) + n;
  }
  return totals;
}

class SecurityTallyReporter {
  constructor() {
    this.error = undefined;
  }

  onRunComplete() {
    if (process.env.SECURITY_TALLY_DEFER === "1") return;
    const file = process.env.SECURITY_TALLY_FILE ?? path.join(os.tmpdir(), `security-tally-${process.pid}.jsonl`);
    const totals = readTally(file);
    const width = Math.max(...LABELS.map(([, label]) => label.length));
    const lines = LABELS.map(([key, label]) => `  ${label.padEnd(width)}  ${totals[key]}`);
    const bad = MUST_BE_ZERO.filter((k) => totals[k] > 0);
    process.stdout.write(`\n=== Security suite counts ===\n${lines.join("\n")}\n`);
    if (bad.length) {
      process.stdout.write(`Security suite: FAILED (${bad.map((k) => `${k}=${totals[k]}`).join(", ")})\n\n`);
      this.error = new Error(`security suite: ${bad.join(", ")} must be 0`);
    } else {
      process.stdout.write("Security suite: zero leaks, zero 5xx, nothing lost\n\n");
    }
  }

  getLastError() {
    return this.error;
  }
}

export default SecurityTallyReporter;
