import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// The security suite's counters. Jest runs test files in separate worker processes, so each call
// appends one line to a file shared by the run; the suite's reporter adds the lines up and prints
// them at the end ("endpoints x audiences checked, malformed inputs tried, races run, faults
// injected, leaks, 5xx, lost writes").

export type TallyCounter =
  | "endpointAudiences" // (endpoint, method, audience) combinations checked
  | "tenantProbes" // cross-tenant requests made (B against A's objects)
  | "malformedInputs" // generated bad inputs sent
  | "races" // concurrent scenarios run
  | "faults" // faults injected (SIGKILL, vendor failures...)
  | "webChecks" // header / cookie / CSRF / bundle / CSV / webhook checks
  | "leaks" // any data seen by an audience that must not see it (must stay 0)
  | "serverErrors" // 5xx answers (must stay 0)
  | "lost"; // acknowledged writes missing or ledger mismatches (must stay 0)

/** The file a run's counters go to: set by the suite's global setup, else one per parent process. */
export function tallyFile(): string {
  return process.env.SECURITY_TALLY_FILE ?? path.join(os.tmpdir(), `security-tally-${process.ppid}.jsonl`);
}

export function recordTally(counter: TallyCounter, n = 1): void {
  if (n === 0) return;
  fs.appendFileSync(tallyFile(), `${JSON.stringify({ counter, n })}\n`);
}

export function readTally(file = tallyFile()): Record<TallyCounter, number> {
  const totals: Record<TallyCounter, number> = {
    endpointAudiences: 0, tenantProbes: 0, malformedInputs: 0, races: 0, faults: 0, webChecks: 0, leaks: 0, serverErrors: 0, lost: 0,
  };
  if (!fs.existsSync(file)) return totals;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const { counter, n } = JSON.parse(line) as { counter: TallyCounter; n: number };
    totals[counter] += n;
  }
  return totals;
}
