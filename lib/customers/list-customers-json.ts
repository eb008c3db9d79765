import "server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import type { CustomerListCursor } from "@/lib/validation/customers";

// GET /api/customers for a business with thousands of customers: PostgreSQL builds the JSON array
// itself (one join, only the columns CustomerDto needs), so no rows are mapped in JavaScript and the
// text goes straight into the response. Same shape as toCustomerDto (a test holds them equal).
//
// Without ?limit the answer is the whole list (the spec's call). With ?limit it is one page in the
// same order, and the cursor of the page's last row comes back in a header, so a browser can ask
// for the next page before it has parsed this one (keyset paging on (createdAt, id): rows added
// while a list is being read do not shift the pages).

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The CustomerDto fields of one row, named as the DTO names them; `c` holds the customer's
 *  columns, `lc` the card's three. json_agg over rows of these is about a quarter faster than
 *  building each object with json_build_object. */
export const customerColumns = (c: string, lc: string) => `
  ${c}.id, ${c}.name, ${c}."firstName", ${c}."lastName", ${c}.email, ${c}.phone,
  to_char(${c}."dateOfBirth", 'YYYY-MM-DD') AS "dateOfBirth",
  ${c}."membershipNumber", ${c}."totalPoints",
  to_char(${c}."lifetimeSpentPence" / 100.0, 'FM999999999990.00') AS "lifetimeSpent",
  ${iso(`${c}."lastVisit"`)} AS "lastVisit", ${iso(`${c}."createdAt"`)} AS "createdAt",
  ${c}."accountStatus", ${c}."sleepStatus", ${c}."marketingConsentEmail", ${c}."marketingConsentSms",
  ${c}."marketingPreferencesLastUpdatedBy",
  ${iso(`${c}."marketingPreferencesLastUpdatedAt"`)} AS "marketingPreferencesLastUpdatedAt",
  ${c}."pointsPerPound"::float8 AS "pointsPerPound",
  -- formatRate: two decimals, a third only when it is set ("1.00", "0.125")
  CASE WHEN ${c}."redemptionValue" * 100 = trunc(${c}."redemptionValue" * 100)
    THEN to_char(${c}."redemptionValue", 'FM999999990.00') ELSE to_char(${c}."redemptionValue", 'FM999999990.000') END AS "redemptionValue",
  ${c}."minimumRedemption", ${iso(`${c}."closedAt"`)} AS "closedAt", ${c}."parkedAt" IS NOT NULL AS "isParked",
  ${lc}."applePassUrl", ${lc}."googlePassUrl", ${lc}."passkitStatus"`;

export const LISTED = `c."businessId" = $1 AND c."parkedAt" IS NULL AND c."accountStatus" <> 'archived'`;
export const FROM = `customers c LEFT JOIN loyalty_cards lc ON lc."customerId" = c.id`;
/** Newest first; "createdAt" is the fixed-width ISO text here, so byte order is time order. */
const AGGREGATE = `coalesce(json_agg(r ORDER BY r."createdAt" COLLATE "C" DESC, r.id DESC), '[]')::text`;

/** One page: $2 the page size, $3/$4 the cursor (createdAt in epoch ms, id). One row more than
 *  asked is read to tell whether another page follows; the cursor is the page's last row. */
const pageSql = (withCursor: boolean) => `
WITH page AS (
  SELECT c.*, lc."applePassUrl", lc."googlePassUrl", lc."passkitStatus" FROM ${FROM}
  WHERE ${LISTED}${withCursor ? ` AND (c."createdAt", c.id) < (timestamp 'epoch' + $3::bigint * interval '1 millisecond', $4::int)` : ""}
  ORDER BY c."createdAt" DESC, c.id DESC
  LIMIT $2::int + 1
), shown AS (SELECT * FROM page ORDER BY "createdAt" DESC, id DESC LIMIT $2::int)
SELECT (SELECT ${AGGREGATE} FROM (SELECT ${customerColumns("s", "s")} FROM shown s) r) AS json,
  (SELECT (extract(epoch FROM s."createdAt") * 1000)::bigint || '-' || s.id FROM shown s ORDER BY s."createdAt", s.id LIMIT 1) AS last,
  (SELECT count(*) FROM page) > $2::int AS more`;

const PAGE_SQL = pageSql(false);
const PAGE_AFTER_SQL = pageSql(true);

/** Rows a streamed whole list reads per query (about 1.5 MB of JSON). */
export const STREAM_BATCH = 2000;

/** The whole list (GET /api/customers without ?limit) as a stream of the same JSON array, read a
 *  page at a time on the keyset cursor: at 100,000 customers the list is ~70 MB of JSON, which as
 *  one string took the server to 446 MB and out of its 192 MB heap (issue 23). The pages are
 *  separate reads, so a customer added while the list streams is not in it (as with ?limit). */
export function streamCustomersJson(businessId: number, batch = STREAM_BATCH): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: CustomerListCursor | undefined;
  let state: "start" | "rows" | "done" = "start";
  let wroteRow = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (state === "start") {
          state = "rows";
          return controller.enqueue(encoder.encode("["));
        }
        if (state === "done") return controller.close();
        const page = await listCustomersPageJson(businessId, batch, cursor);
        const inner = page.json.slice(1, -1);
        if (inner.length > 0) {
          controller.enqueue(encoder.encode(`${wroteRow ? "," : ""}${inner}`));
          wroteRow = true;
        }
        if (page.next) {
          const [ms, id] = page.next.split("-").map(Number);
          cursor = { createdAtMs: ms, id };
        } else {
          state = "done";
          controller.enqueue(encoder.encode("]"));
        }
      } catch (error) {
        log.error({ err: error, businessId }, "customer list failed mid-stream");
        controller.error(error);
      }
    },
  });
}

export type CustomerPage = { json: string; next: string | null };

/** A page of the same list, newest first; `next` is the cursor for the page after it. */
export async function listCustomersPageJson(businessId: number, limit: number, before?: CustomerListCursor): Promise<CustomerPage> {
  const rows = before
    ? await db.$queryRawUnsafe<{ json: string; last: string | null; more: boolean | null }[]>(PAGE_AFTER_SQL, businessId, limit, before.createdAtMs, before.id)
    : await db.$queryRawUnsafe<{ json: string; last: string | null; more: boolean | null }[]>(PAGE_SQL, businessId, limit);
  const row = rows[0];
  return { json: row?.json ?? "[]", next: row?.more ? row.last : null };
}
