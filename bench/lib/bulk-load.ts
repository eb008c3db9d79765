import type { Client } from "pg";

/** Opens the seeders' bulk-load transaction on this connection; `seed` seeds random(), so a seed
 *  gives the same data set every time. */
export async function beginBulkLoad(client: Client, seed: number) {
  await client.query("BEGIN");
  // Bulk load: row triggers off (the dashboard rollups are recounted in one pass afterwards).
  await client.query("SET LOCAL session_replication_role = replica");
  // Sorts and hashes of millions of rows (window sums, DISTINCT ON, GROUP BY) in memory, not on disk.
  await client.query("SET LOCAL work_mem = '256MB'");
  await client.query("SELECT setseed($1)", [seed]);
}
