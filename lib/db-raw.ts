import "server-only";
import { types as pgTypes } from "pg";
import type { Prisma } from "@/generated/prisma/client";
import { sharedPool } from "@/lib/db-pool";

// Raw SQL on the process's one pool (lib/db-pool.ts), without Prisma's query engine: for the few
// statements of a hot path (POST /api/transactions, issue 23), where the engine's work around a
// `$queryRaw` (0.5-1.5 ms of CPU a call, measured) costs more than the statement. The query is the
// same `Prisma.sql` template as for `$queryRaw` (its values are parameters, never spliced into the
// text), and rows come back as `$queryRaw` returns them for the types used here: timestamps as
// Dates read as UTC (Prisma writes UTC wall clock without a zone), bigint as BigInt; numeric stays
// text (cast it in SQL, as the hot path does). Outside a transaction only: each call is one
// statement, committed on its own.

const TIMESTAMP = 1114; // timestamp without time zone
const INT8 = 20;
const NUMERIC = 1700;

function parseUtcTimestamp(value: string): Date {
  return new Date(`${value.replace(" ", "T")}Z`);
}

const types = {
  getTypeParser(oid: number, format?: string) {
    if (oid === TIMESTAMP) return parseUtcTimestamp;
    if (oid === INT8) return (v: string) => BigInt(v);
    if (oid === NUMERIC) return (v: string) => v;
    return pgTypes.getTypeParser(oid, format as "text"); // pg's own for the rest (ints, booleans, json, arrays...)
  },
};

/** A parameter as Prisma sends it: a Date as its UTC wall clock (ISO, which `::timestamp` reads
 *  without the zone), a BigInt as its digits. */
function toParameter(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  return value;
}

export async function rawRows<T>(query: Prisma.Sql): Promise<T[]> {
  const res = await sharedPool().query({ text: query.text, values: query.values.map(toParameter), types });
  return res.rows as T[];
}
