import "server-only";
import { db } from "@/lib/db";
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

/** The CustomerDto object of one row; `c` holds the customer's columns, `lc` the card's three. */
const customerObject = (c: string, lc: string) => `json_build_object(
  'id', ${c}.id, 'name', ${c}.name, 'firstName', ${c}."firstName", 'lastName', ${c}."lastName",
  'email', ${c}.email, 'phone', ${c}.phone, 'dateOfBirth', to_char(${c}."dateOfBirth", 'YYYY-MM-DD'),
  'membershipNumber', ${c}."membershipNumber", 'totalPoints', ${c}."totalPoints",
  'lifetimeSpent', to_char(${c}."lifetimeSpentPence" / 100.0, 'FM999999999990.00'),
  'lastVisit', ${iso(`${c}."lastVisit"`)}, 'createdAt', ${iso(`${c}."createdAt"`)},
  'accountStatus', ${c}."accountStatus", 'sleepStatus', ${c}."sleepStatus",
  'marketingConsentEmail', ${c}."marketingConsentEmail", 'marketingConsentSms', ${c}."marketingConsentSms",
  'marketingPreferencesLastUpdatedBy', ${c}."marketingPreferencesLastUpdatedBy",
  'marketingPreferencesLastUpdatedAt', ${iso(`${c}."marketingPreferencesLastUpdatedAt"`)},
  'pointsPerPound', ${c}."pointsPerPound"::float8,
  -- formatRate: two decimals, a third only when it is set ("1.00", "0.125")
  'redemptionValue', CASE WHEN ${c}."redemptionValue" * 100 = trunc(${c}."redemptionValue" * 100)
    THEN to_char(${c}."redemptionValue", 'FM999999990.00') ELSE to_char(${c}."redemptionValue", 'FM999999990.000') END,
  'minimumRedemption', ${c}."minimumRedemption", 'closedAt', ${iso(`${c}."closedAt"`)},
  'isParked', ${c}."parkedAt" IS NOT NULL,
  'applePassUrl', ${lc}."applePassUrl", 'googlePassUrl', ${lc}."googlePassUrl", 'passkitStatus', ${lc}."passkitStatus"
)`;

const LISTED = `c."businessId" = $1 AND c."parkedAt" IS NULL AND c."accountStatus" <> 'archived'`;

const ALL_SQL = `
SELECT coalesce(json_agg(${customerObject("c", "lc")} ORDER BY c."createdAt" DESC, c.id DESC), '[]')::text AS json
FROM customers c LEFT JOIN loyalty_cards lc ON lc."customerId" = c.id
WHERE ${LISTED}`;

/** One page: $2 the page size (NULL: the rest), $3/$4 the cursor (createdAt in epoch ms, id).
 *  One row more than asked is read to tell whether another page follows. */
const pageSql = (withCursor: boolean) => `
WITH page AS (
  SELECT c.*, lc."applePassUrl", lc."googlePassUrl", lc."passkitStatus",
    row_number() OVER (ORDER BY c."createdAt" DESC, c.id DESC) AS rn
  FROM customers c LEFT JOIN loyalty_cards lc ON lc."customerId" = c.id
  WHERE ${LISTED}${withCursor ? ` AND (c."createdAt", c.id) < (timestamp 'epoch' + $3::bigint * interval '1 millisecond', $4::int)` : ""}
  ORDER BY c."createdAt" DESC, c.id DESC
  LIMIT $2::int + 1
)
SELECT coalesce(json_agg(${customerObject("p", "p")} ORDER BY p.rn) FILTER (WHERE p.rn <= $2::int), '[]')::text AS json,
  max(CASE WHEN p.rn = $2::int THEN (extract(epoch FROM p."createdAt") * 1000)::bigint || '-' || p.id END) FILTER (WHERE p.rn <= $2::int) AS last,
  count(*) > $2::int AS more
FROM page p`;

const PAGE_SQL = pageSql(false);
const PAGE_AFTER_SQL = pageSql(true);

export async function listCustomersJson(businessId: number): Promise<string> {
  const rows = await db.$queryRawUnsafe<{ json: string }[]>(ALL_SQL, businessId);
  return rows[0]?.json ?? "[]";
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
