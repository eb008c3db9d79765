import { performance } from "node:perf_hooks";
import type { Client } from "pg";
import { processCpuSeconds } from "./backend-cpu";

/** Opens the seeders' bulk-load transaction on this connection; `seed` seeds random(), so a seed
 *  gives the same data set every time. */
export async function beginBulkLoad(client: Client, seed: number) {
  await client.query("BEGIN");
  // Bulk load: row triggers off (the dashboard rollups are recounted in one pass afterwards).
  await client.query("SET LOCAL session_replication_role = replica");
  // Sorts and hashes of millions of rows (window sums, DISTINCT ON, GROUP BY) in memory, not on disk.
  await client.query("SET LOCAL work_mem = '256MB'");
  // This session's commit does not wait for its WAL flush (the data is written and logged exactly
  // as in any session; a crash could only lose this transaction, which the bench would rerun).
  await client.query("SET LOCAL synchronous_commit = off");
  // No JIT: the planner's estimates for generated rows are large, so it compiled each statement
  // with inlining and optimisation, seconds of CPU a statement (5.4 s of a 13 s draw at a tenth).
  await client.query("SET LOCAL jit = off");
  await client.query("SELECT setseed($1)", [seed]);
}

/** One timed statement of a seed: which step took how long (the seed's profile), and the CPU
 *  seconds its database backend spent on it (null off this machine: the figure a shared machine's
 *  load does not inflate as much as the time). */
export type SeedStep = { step: string; ms: number; cpu: number | null; rows: number | null };

/** Runs the seed's statements on this connection (its backend `pid`), recording each in `steps`. */
export function stepRunner(client: Client, pid: number | null, steps: SeedStep[] = []) {
  const run = async <R extends object = Record<string, unknown>>(step: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    const c0 = processCpuSeconds(pid);
    const r = await client.query<R>(sql, params);
    const c1 = processCpuSeconds(pid);
    steps.push({ step, ms: Math.round(performance.now() - t0), cpu: c0 === null || c1 === null ? null : Math.round((c1 - c0) * 100) / 100, rows: r.rowCount ?? null });
    return r;
  };
  return { run, steps };
}

/**
 * Takes `n` consecutive ids from `table`'s id sequence and returns the first, so the seed can give
 * rows their ids arithmetically (first + index) in the order it writes them. The two seeders load
 * at once on their own connections: the nextval and setval pair runs under a session advisory lock
 * so their blocks cannot overlap (the app's own inserts take single values and are not running
 * while the bench seeds).
 */
export async function reserveIds(client: Client, table: string, n: number): Promise<number> {
  const seq = (await client.query<{ seq: string }>("SELECT pg_get_serial_sequence($1, 'id') AS seq", [table])).rows[0].seq;
  await client.query("SELECT pg_advisory_lock(hashtext('bench seed: id blocks'))");
  try {
    const first = Number((await client.query<{ first: string }>("SELECT nextval($1::regclass) AS first", [seq])).rows[0].first);
    if (n > 1) await client.query("SELECT setval($1::regclass, $2::bigint)", [seq, first + n - 1]);
    return first;
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtext('bench seed: id blocks'))");
  }
}
