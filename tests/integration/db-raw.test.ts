/** @jest-environment node */
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { rawRows } from "@/lib/db-raw";

// lib/db-raw.ts runs hot-path SQL on the pool without Prisma's engine: its rows must read as
// $queryRaw's do for the types the hot path uses, whatever the process's time zone (pg's own
// parser reads a timestamp without zone as local time).

const query = (at: Date) => Prisma.sql`
  SELECT ${at}::timestamp AS at, '2026-07-01 12:34:56.789'::timestamp AS summer, NULL::timestamp AS none,
         ${42}::int AS n, ${"9007199254740993"}::bigint AS big, ${true} AS yes, ${"£4.20 ☕"}::text AS label, 1.50::numeric::text AS rate,
         jsonb_build_object('a', 1) AS doc, ARRAY['x', 'y'] AS list`;

describe.each(["UTC", "Europe/London", "America/New_York"])("in time zone %s", (zone) => {
  const saved = process.env.TZ;
  beforeAll(() => (process.env.TZ = zone));
  afterAll(() => (process.env.TZ = saved));

  it("rows equal $queryRaw's: timestamps as UTC Dates, bigint as BigInt, the rest as pg reads them", async () => {
    const at = new Date("2026-06-30T23:30:00.123Z"); // BST: a different calendar day in London
    const [raw] = await rawRows<Record<string, unknown>>(query(at));
    const [prisma] = await db.$queryRaw<Record<string, unknown>[]>(query(at));
    expect(raw).toEqual(prisma);
    expect(raw.at).toEqual(at);
    expect(raw.summer).toEqual(new Date("2026-07-01T12:34:56.789Z"));
    expect(raw.big).toBe(BigInt("9007199254740993"));
  });
});
