// Bulk loads without the non-unique indexes: they are dropped before the load and built again
// afterwards from their own definitions (pg_indexes.indexdef, the CREATE INDEX statement PostgreSQL
// prints for the index the migrations made), by sorting once instead of inserting millions of
// entries one by one. The schema afterwards is checked to be the same as before: every index of
// the database, by name and definition, and valid.
import { performance } from "node:perf_hooks";
import { Client } from "pg";
import { backendPid, processCpuSeconds } from "./backend-cpu";
import { stepRunner, type SeedStep } from "./bulk-load";

type IndexDef = { table: string; name: string; def: string };

/** Every index of the public schema, as PostgreSQL prints it, with its validity. */
export async function indexSnapshot(pg: Client): Promise<string[]> {
  const r = await pg.query<{ line: string }>(
    `SELECT i.tablename || ' ' || i.indexname || ' ' || i.indexdef || CASE WHEN x.indisvalid THEN '' ELSE ' (INVALID)' END AS line
     FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname AND c.relnamespace = 'public'::regnamespace JOIN pg_index x ON x.indexrelid = c.oid
     WHERE i.schemaname = 'public' ORDER BY i.tablename, i.indexname`,
  );
  return r.rows.map((x) => x.line);
}

export type DeferredIndexes = {
  dropped: IndexDef[];
  /** Builds the dropped indexes again on `connections` connections at once (largest tables first),
   *  then checks the schema's indexes against the snapshot taken before the drop (throws if any
   *  differs). Returns the builders' CPU seconds (null off this machine). */
  restore(connections?: number): Promise<{ ms: number; dbCpuSeconds: number | null }>;
};

/**
 * Drops the indexes of `tables` that neither are unique nor back a constraint (unique ones stay:
 * they are what keeps the load's keys distinct), recording each step in `steps`.
 */
export async function deferIndexes(url: string, tables: string[], steps: SeedStep[]): Promise<DeferredIndexes> {
  const pg = new Client({ connectionString: url });
  await pg.connect();
  let dropped: IndexDef[] = [];
  let before: string[] = [];
  try {
    before = await indexSnapshot(pg);
    const t0 = performance.now();
    dropped = (
      await pg.query<IndexDef>(
        `SELECT t.relname AS table, c.relname AS name, pg_get_indexdef(c.oid) AS def
         FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
         WHERE t.relnamespace = 'public'::regnamespace AND t.relname = ANY($1::text[]) AND NOT x.indisunique AND NOT x.indisprimary
           AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid)
         ORDER BY t.relname, c.relname`,
        [tables],
      )
    ).rows;
    await pg.query("BEGIN");
    for (const d of dropped) await pg.query(`DROP INDEX ${quoteIdent(d.name)}`);
    await pg.query("COMMIT");
    steps.push({ step: `indexes: drop ${dropped.length}`, ms: Math.round(performance.now() - t0), cpu: null, rows: null });
  } finally {
    await pg.end();
  }

  const restore = async (connections = 2) => {
    const t0 = performance.now();
    // Largest tables first (a trigram GIN index costs about three B-trees), so the last builds are short.
    const queue = await byCost(url, dropped);
    let cpu: number | null = 0;
    const builder = async () => {
      const c = new Client({ connectionString: url });
      await c.connect();
      const pid = await backendPid(c);
      try {
        // Sorts in memory; no parallel workers, so the builder's CPU is all in this backend (the
        // figure the seed reports) and the connections share the cores.
        await c.query("SET maintenance_work_mem = '512MB'");
        await c.query("SET max_parallel_maintenance_workers = 0");
        await c.query("SET jit = off");
        const { run } = stepRunner(c, pid, steps);
        for (let d = queue.shift(); d; d = queue.shift()) await run(`index: ${d.name}`, d.def);
      } finally {
        const used = processCpuSeconds(pid);
        cpu = cpu === null || used === null ? null : cpu + used;
        await c.end();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(connections, dropped.length)) }, builder));
    const check = new Client({ connectionString: url });
    await check.connect();
    try {
      const after = await indexSnapshot(check);
      const missing = before.filter((l) => !after.includes(l));
      const extra = after.filter((l) => !before.includes(l));
      if (missing.length || extra.length) throw new Error(`the indexes differ after the load: missing ${JSON.stringify(missing)}, new ${JSON.stringify(extra)}`);
    } finally {
      await check.end();
    }
    const ms = Math.round(performance.now() - t0);
    steps.push({ step: `indexes: build ${dropped.length}`, ms, cpu: cpu === null ? null : Math.round(cpu * 100) / 100, rows: null });
    return { ms, dbCpuSeconds: cpu };
  };
  return { dropped, restore };
}

async function byCost(url: string, defs: IndexDef[]): Promise<IndexDef[]> {
  const pg = new Client({ connectionString: url });
  await pg.connect();
  try {
    const sizes = new Map(
      (await pg.query<{ table: string; bytes: string }>("SELECT relname AS table, pg_relation_size(oid) AS bytes FROM pg_class WHERE relname = ANY($1::text[]) AND relnamespace = 'public'::regnamespace", [[...new Set(defs.map((d) => d.table))]])).rows.map((r) => [r.table, Number(r.bytes)]),
    );
    const cost = (d: IndexDef) => (sizes.get(d.table) ?? 0) * (/ USING gin /i.test(d.def) ? 3 : 1);
    return [...defs].sort((a, b) => cost(b) - cost(a));
  } finally {
    await pg.end();
  }
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
