import { db } from "@/lib/db";

// A checksum over everything a business owns: every table with a "businessId" column (found in the
// catalogue, so a new table is covered), the business row itself and its chat messages. Equal
// before and after a request = the request changed nothing of that business.

let tables: string[] | undefined;

async function tenantTables(): Promise<string[]> {
  if (!tables) {
    const rows = await db.$queryRaw<{ table_name: string }[]>`
      SELECT table_name::text AS table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'businessId' ORDER BY table_name`;
    tables = rows.map((r) => r.table_name);
  }
  return tables;
}

export async function tenantChecksum(businessId: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of await tenantTables()) {
    const [row] = await db.$queryRawUnsafe<{ sum: string }[]>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${t}" t WHERE "businessId" = $1`,
      businessId,
    );
    out[t] = row.sum;
  }
  const [biz] = await db.$queryRaw<{ sum: string }[]>`SELECT md5(coalesce(string_agg(t::text, '|'), '')) AS sum FROM businesses t WHERE id = ${businessId}`;
  out.businesses = biz.sum;
  const [chat] = await db.$queryRaw<{ sum: string }[]>`
    SELECT md5(coalesce(string_agg(m::text, '|' ORDER BY m::text), '')) AS sum
    FROM chat_messages m JOIN chat_sessions s ON s.id = m."sessionId" WHERE s."businessId" = ${businessId}`;
  out.chat_messages = chat.sum;
  return out;
}

/** The tables whose checksum differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}
