import { readFileSync } from "node:fs";
import type { Client } from "pg";

// The CPU time of a PostgreSQL connection's backend process, read from /proc when the database runs
// on this machine (the bench's case): a figure for a bulk load that does not depend on how busy
// the shared machine is. null when the backend is elsewhere (or PGlite).

export async function backendPid(client: Client): Promise<number | null> {
  try {
    return (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0].pid;
  } catch {
    return null;
  }
}

/** User + system CPU seconds used so far by that process, or null. */
export function processCpuSeconds(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
