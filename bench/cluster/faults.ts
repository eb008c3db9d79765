// What the clients saw around each fault of `npm run bench:cluster`, from the request log and the
// fault events on the same clock (ms since the load started):
// - kill -9 of an instance: only requests in flight at that moment may fail; none started after it
//   (HAProxy retries a refused connection elsewhere and takes the instance out on its health check).
// - PgBouncer restart: the app recovers by itself within 5 s of PgBouncer being back.
// - PostgreSQL restart: failures are clean 503s (never 500), and the app recovers by itself.
import type { BenchRow } from "../lib/results";
import type { MixLog, RequestRecord } from "./mix";

const BUSY = /server is busy/;
const failed = (r: RequestRecord) => r.status >= 500 || r.status === 0;
/** "503 The service is temporarily unavailable...": 12, per status and message. */
const statusCounts = (rs: RequestRecord[]) => rs.reduce<Record<string, number>>((m, r) => ((m[`${r.status} ${r.message ?? ""}`.trim()] = (m[`${r.status} ${r.message ?? ""}`.trim()] ?? 0) + 1), m), {});

export function faultRows(log: MixLog): BenchRow[] {
  const ev = (label: string) => log.events.find((e) => e.label === label);
  const kill = ev("kill -9 instance");
  const bouncer = ev("restart PgBouncer");
  const postgres = ev("restart PostgreSQL");
  const rows: BenchRow[] = [];
  const end = Infinity;

  if (kill) {
    const until = bouncer?.start ?? end;
    // in flight while the process was being killed (from the signal until it was gone)
    const inFlight = log.requests.filter((r) => r.start <= kill.end && r.end >= kill.start).length;
    // A request belongs to the fault during which it ended (one that ends after the next fault
    // began is that fault's).
    const window = log.requests.filter((r) => r.end >= kill.start && r.end < until);
    const errors = window.filter(failed);
    const startedAfter = errors.filter((r) => r.start > kill.end);
    rows.push({
      group: "faults",
      name: "kill -9 one instance: client errors",
      value: errors.length,
      unit: "ratio",
      reference: { label: "requests in flight (all instances) at the kill", value: inFlight, unit: "ratio" },
      budget: "<= requests in flight at the kill, none started after it",
      met: errors.length <= inFlight && startedAfter.length === 0,
      note: `errors ${JSON.stringify(statusCounts(errors))}; ${startedAfter.length} failed requests started after the kill; ${window.length - errors.length} requests answered meanwhile`,
    });
  }

  // Recovery: from the moment the part is back until the last failure of a request sent after
  // that (0 when every request sent after it succeeded). Requests sent before, or during the
  // outage, that fail later are counted among the failures, not in the recovery time: on this
  // machine a request can take several seconds under load.
  // "The server is busy" (a transaction that waited too long for a connection: overload, P2028) is
  // counted among the failures but does not stop the clock: it is not the database being away.
  const recovery = (e: { start: number; end: number }, until: number) => {
    const window = log.requests.filter((r) => r.end >= e.start && r.end < until);
    const errors = window.filter(failed);
    const sentAfter = window.filter((r) => r.start >= e.end);
    const lastError = sentAfter.filter((r) => failed(r) && !BUSY.test(r.message ?? "")).reduce((m, r) => Math.max(m, r.end), e.end);
    return { errors, recoveredMs: Math.max(0, Math.round(lastError - e.end)), downMs: Math.round(e.end - e.start), sentAfter: sentAfter.length, failedAfter: sentAfter.filter(failed).length };
  };
  if (bouncer) {
    const r = recovery(bouncer, postgres?.start ?? end);
    rows.push({
      group: "faults",
      name: "PgBouncer restart: recovery after it is back",
      value: r.recoveredMs,
      unit: "ms",
      budget: "<= 5000 ms, no app restart",
      met: r.recoveredMs <= 5000,
      note: `PgBouncer was down ${r.downMs} ms; failed requests ${JSON.stringify(statusCounts(r.errors))}; ${r.failedAfter} of ${r.sentAfter} sent after it was back failed`,
    });
  }
  if (postgres) {
    const r = recovery(postgres, end);
    const unclean = r.errors.filter((x) => x.status !== 503);
    rows.push({
      group: "faults",
      name: "PostgreSQL restart: failures that were not a clean 503",
      value: unclean.length,
      unit: "ratio",
      budget: "0 (every failure a 503)",
      met: unclean.length === 0,
      note: `PostgreSQL was down ${r.downMs} ms; failed requests ${JSON.stringify(statusCounts(r.errors))}`,
    });
    rows.push({
      group: "faults",
      name: "PostgreSQL restart: recovery after it is back",
      value: r.recoveredMs,
      unit: "ms",
      budget: "<= 5000 ms, no app restart",
      met: r.recoveredMs <= 5000,
      note: `${r.failedAfter} of ${r.sentAfter} requests sent after it was back failed: ${JSON.stringify(statusCounts(r.errors.filter((x) => x.start >= postgres.end)))}`,
    });
  }
  return rows;
}
