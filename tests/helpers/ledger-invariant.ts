import { Client } from "pg";

/** After the whole run: every customer's balance equals the sum of their ledger entries. Any
 *  test, of any feature, that moved points without the ledger (or a bug in the ledger) fails the run. */
export async function assertLedgerInvariant(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; totalPoints: number; ledger: string }>(`
      SELECT c.id, c."totalPoints", coalesce(l.s, 0)::text AS ledger
      FROM customers c LEFT JOIN (SELECT "customerId", sum(points) AS s FROM points_ledger GROUP BY 1) l ON l."customerId" = c.id
      WHERE c."totalPoints" <> coalesce(l.s, 0)
      ORDER BY c.id LIMIT 20`);
    const { rows: counted } = await client.query<{ n: string }>("SELECT count(*) AS n FROM customers");
    if (rows.length) {
      throw new Error(`ledger invariant broken for ${rows.length} customer(s): ${rows.map((r) => `#${r.id} balance ${r.totalPoints} vs ledger ${r.ledger}`).join("; ")}`);
    }
    process.stderr.write(`[jest] ledger invariant holds for all ${counted[0].n} customers\n`);
  } finally {
    await client.end();
  }
}
