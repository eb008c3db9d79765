import "server-only";
import { db } from "@/lib/db";
import { badRequest } from "@/lib/errors/api-error";
import { customerColumns, FROM, LISTED } from "@/lib/customers/list-customers-json";
import type { CustomerSort } from "@/lib/validation/customers";
import type { CustomerStatusFilter } from "@/lib/rules/customer-status";
import { membershipNumberFrom } from "@/lib/rules/membership-number";
import { likePattern } from "@/lib/rules/like-pattern";

// GET /api/customers?q=&sort=&order=&limit=&cursor= (issue 23): the hub and the voucher picker
// search, sort and page on the server instead of loading every customer into the browser.
//
// Search: a part of the name, email, phone or membership number (ILIKE '%q%', served by the
// trigram GIN indexes of migration 20261125221051, so a prefix and any part of a word match), or a
// name within a typo of the query when nothing matches as typed (pg_trgm's word similarity >= 0.4:
// "jonh" finds "John Smith").
// A query typed the UK way ("07700 900123") also looks for the stored E.164 form (+447700900123).
// Sort: one of the hub's columns, then id, so the order is total; pages are keyset pages on
// (sort key, id): rows added while a list is read do not shift the later pages. The cursor is the
// last row's id and its sort key as PostgreSQL prints it, cast back by the query.
// Filters (the pickers' rules, so a picker never loads customers it would hide): status=open|active,
// ids= (only these), exclude= (all but this one).

/** Not closed (archived customers are not listed at all). */
export const OPEN_ACCOUNT = `c."accountStatus" NOT IN ('closed', 'archived')`;
/** May take every kind of transaction, a gift, a voucher or a rate change: open, not snoozed
 *  and awake (lib/rules/ledger.ts isClosedOrDeleted / isSleeping, lib/rules/rates.ts rateChangeBlock). */
export const ACTIVE_ACCOUNT = `c."accountStatus" NOT IN ('closed', 'archived', 'snoozed', 'paused') AND c."sleepStatus" NOT IN ('asleep', 'scheduled_deletion')`;
const STATUS_CONDITIONS: Record<CustomerStatusFilter, string> = { open: OPEN_ACCOUNT, active: ACTIVE_ACCOUNT };

const SORT_KEYS: Record<CustomerSort, { expr: string; cast: string; valid: RegExp }> = {
  joined: { expr: `c."createdAt"`, cast: "timestamp", valid: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?$/ },
  name: { expr: `c.name`, cast: "text", valid: /^[^]*$/ },
  points: { expr: `c."totalPoints"`, cast: "int", valid: /^-?\d{1,10}$/ },
  spent: { expr: `c."lifetimeSpentPence"`, cast: "bigint", valid: /^-?\d{1,18}$/ },
  // Never visited sorts as the oldest visit.
  lastVisit: { expr: `coalesce(c."lastVisit", '-infinity'::timestamp)`, cast: "timestamp", valid: /^(-infinity|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?)$/ },
};

/** Word similarity a misspelt name needs (pg_trgm's default, 0.6, misses one swapped letter in a
 *  short first name). */
export const TYPO_THRESHOLD = 0.4;

export type CustomerSearch = {
  q?: string;
  sort?: CustomerSort;
  order?: "asc" | "desc";
  limit: number;
  cursor?: { key: string; id: number; near?: boolean };
  status?: CustomerStatusFilter;
  ids?: number[];
  exclude?: number;
  /** "staff": the staff portal's list item (spec 3: id, name, email, membershipNumber, pointsBalance,
   *  lifetimeSpent) and its search (name, email or membership number: no phone, which staff do not see). */
  view?: "hub" | "staff";
};

/** The staff list item's columns of row s (lib/staff/types.ts StaffCustomer). */
const staffColumns = (s: string) => `${s}.id, ${s}.name, ${s}.email, ${s}."membershipNumber", ${s}."totalPoints" AS "pointsBalance",
  to_char(${s}."lifetimeSpentPence" / 100.0, 'FM999999999990.00') AS "lifetimeSpent"`;

/** The listed customers the filters keep ($1 = the business id; parameters are appended). */
function filterConditions(search: Pick<CustomerSearch, "status" | "ids" | "exclude">, params: unknown[]): string[] {
  const where = [LISTED];
  if (search.status) where.push(STATUS_CONDITIONS[search.status]);
  if (search.ids) {
    params.push(search.ids);
    where.push(`c.id = ANY($${params.length}::int[])`);
  }
  if (search.exclude !== undefined) {
    params.push(search.exclude);
    where.push(`c.id <> $${params.length}::int`);
  }
  return where;
}

/** How many customers a list holds: counted, at least this many (a search's count stops at its
 *  cap), or about this many (the planner's estimate of a long unsearched list). */
export type ListTotal = { count: number; kind: "exact" | "at-least" | "about" };

export type CustomerSearchPage = {
  json: string;
  next: string | null;
  /** With `withTotal`, on a first page only. */
  total?: ListTotal;
};

/** A search's count stops here ("200+ matches"): measured at 100,000 customers, counting up to
 *  1,000 matches of a two-letter query cost up to 160 ms against 37 ms for the page. */
export const SEARCH_COUNT_CAP = 200;
/** The unsearched list is counted exactly up to here; a longer one is the planner's estimate of the
 *  business's listed customers (1 ms; within 0.4% at 100,000, where the exact count took 100 ms). */
export const LIST_COUNT_EXACT_UP_TO = 10_000;

/** "07700 900123" -> "+447700900123"; anything else that is mostly digits -> its digits. */
export function phoneSearchText(q: string): string | null {
  const compact = q.replace(/[\s\-().]/g, "");
  if (!/^\+?\d{3,}$/.test(compact)) return null;
  return compact.startsWith("0") ? `+44${compact.slice(1)}` : compact;
}

type Mode = "exact" | "near";

/** The condition "customer c matches q as typed"; its parameters are appended to params. */
export function matchAsTyped(q: string, params: unknown[], options: { phone?: boolean } = {}): string {
  const withPhone = options.phone ?? true;
  params.push(likePattern(q));
  // Below three characters a trigram index cannot narrow the search: the columns are wrapped
  // so the planner reads the business's customers in the sort's index order and stops at a page.
  const col = (name: string) => (q.length < 3 ? `(${name} || '')` : name);
  const like = `$${params.length}`;
  const ors = [`${col("c.name")} ILIKE ${like}`, `${col("c.email")} ILIKE ${like}`, `${col(`c."membershipNumber"`)} ILIKE ${like}`];
  if (withPhone) ors.push(`${col("c.phone")} ILIKE ${like}`);
  const phone = withPhone ? phoneSearchText(q) : null;
  if (phone) {
    params.push(likePattern(phone));
    ors.push(`c.phone LIKE $${params.length}`);
  }
  // A card number typed as it is shown ("1234 5678 90") or with its prefix ("LC-1234567890").
  const number = membershipNumberFrom(q);
  if (number !== q && /^\d{3,}$/.test(number)) {
    params.push(likePattern(number));
    ors.push(`c."membershipNumber" LIKE $${params.length}`);
  }
  return `(${ors.join(" OR ")})`;
}

export async function searchCustomersPage(businessId: number, search: CustomerSearch & { withTotal?: boolean }): Promise<CustomerSearchPage> {
  const q = search.q?.trim() ?? "";
  // A cursor from a page of near matches carries "~" (its next pages are near matches too).
  if (search.cursor?.near) return pageOf(businessId, search, q, "near");
  // The count runs beside the page (another connection), so the rows do not wait for it.
  const counting = search.withTotal === true && !search.cursor;
  const counted = counting ? countMatches(businessId, search, q, "exact") : null;
  counted?.catch(() => {}); // rejects where it is awaited, below
  const page = await pageOf(businessId, search, q, "exact");
  // Near matches only when nothing matches as typed ("john" should not also list Joanna), so the
  // costly similarity search runs only for a query that found nothing.
  const mode: Mode = !search.cursor && q.length >= 3 && page.json === "[]" ? "near" : "exact";
  const shown = mode === "near" ? await pageOf(businessId, search, q, "near") : page;
  if (!counted) return shown;
  // A first page that is the whole answer is its own count.
  const total: ListTotal = shown.next === null ? { count: shown.rows, kind: "exact" } : await (mode === "near" ? countMatches(businessId, search, q, "near") : counted);
  return { json: shown.json, next: shown.next, total };
}

/** How many listed customers match q (all of them without q): exact up to the cap, then at least
 *  the cap (a search) or the planner's estimate (the whole list). */
async function countMatches(businessId: number, search: CustomerSearch, q: string, mode: Mode): Promise<ListTotal> {
  const params: unknown[] = [businessId];
  const where = [...filterConditions(search, params), ...matchCondition(q, mode, params, search.view)].join(" AND ");
  const cap = q ? SEARCH_COUNT_CAP : LIST_COUNT_EXACT_UP_TO;
  const sql = `SELECT count(*)::int AS n FROM (SELECT 1 FROM customers c WHERE ${where} LIMIT ${cap + 1}) x`;
  type Row = { n: number };
  const rows =
    mode === "near"
      ? (await db.$transaction([db.$executeRawUnsafe(`SELECT set_config('pg_trgm.word_similarity_threshold', '${TYPO_THRESHOLD}', true)`), db.$queryRawUnsafe<Row[]>(sql, ...params)]))[1]
      : await db.$queryRawUnsafe<Row[]>(sql, ...params);
  const n = Number(rows[0]?.n ?? 0);
  if (n <= cap) return { count: n, kind: "exact" };
  if (q) return { count: cap, kind: "at-least" };
  const plan = await db.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }[]>(`EXPLAIN (FORMAT JSON) SELECT 1 FROM customers c WHERE ${where}`, ...params);
  const estimate = Number(plan[0]?.["QUERY PLAN"]?.[0]?.Plan?.["Plan Rows"] ?? 0);
  // Never below what was counted; to the nearest hundred, as an estimate is no closer than that.
  return { count: Math.max(cap + 1, Math.round(estimate / 100) * 100), kind: "about" };
}

/** The search's conditions on customer c (none without q); their parameters are appended. */
function matchCondition(q: string, mode: Mode, params: unknown[], view: CustomerSearch["view"]): string[] {
  if (!q) return [];
  if (mode === "exact") return [matchAsTyped(q, params, { phone: view !== "staff" })];
  params.push(q);
  return [`$${params.length} <% c.name`];
}

async function pageOf(businessId: number, search: CustomerSearch, q: string, mode: Mode): Promise<CustomerSearchPage & { rows: number }> {
  const sort = search.sort ?? "joined";
  const order = search.order ?? (sort === "name" ? "asc" : "desc");
  const key = SORT_KEYS[sort];
  const params: unknown[] = [businessId, search.limit];
  const where: string[] = [...filterConditions(search, params), ...matchCondition(q, mode, params, search.view)];
  if (search.cursor) {
    if (!key.valid.test(search.cursor.key)) throw badRequest("cursor must be the cursor a previous page returned");
    params.push(search.cursor.key, search.cursor.id);
    where.push(`(${key.expr}, c.id) ${order === "desc" ? "<" : ">"} ($${params.length - 1}::${key.cast}, $${params.length}::int)`);
  }
  const dir = order === "desc" ? "DESC" : "ASC";
  const staff = search.view === "staff";
  const sql = `
WITH page AS (
  SELECT c.*, ${key.expr} AS sort_key${staff ? ` FROM customers c` : `, lc."applePassUrl", lc."googlePassUrl", lc."passkitStatus" FROM ${FROM}`}
  WHERE ${where.join(" AND ")}
  ORDER BY ${key.expr} ${dir}, c.id ${dir}
  LIMIT $2::int + 1
), shown AS (SELECT *, row_number() OVER (ORDER BY sort_key ${dir}, id ${dir}) AS n FROM page ORDER BY sort_key ${dir}, id ${dir} LIMIT $2::int)
SELECT (SELECT coalesce(json_agg(r.j ORDER BY r.n), '[]')::text
    FROM (SELECT (SELECT to_json(x) FROM (SELECT ${staff ? staffColumns("s") : customerColumns("s", "s")}) x) AS j, s.n FROM shown s) r) AS json,
  (SELECT ${mode === "near" ? `'~' || ` : ""}s.id || '.' || s.sort_key::text FROM shown s ORDER BY s.n DESC LIMIT 1) AS last,
  (SELECT count(*) FROM page) > $2::int AS more,
  (SELECT count(*)::int FROM shown) AS shown`;
  type Row = { json: string; last: string | null; more: boolean | null; shown: number | null };
  let rows: Row[];
  try {
    rows =
      mode === "near"
        ? (await db.$transaction([db.$executeRawUnsafe(`SELECT set_config('pg_trgm.word_similarity_threshold', '${TYPO_THRESHOLD}', true)`), db.$queryRawUnsafe<Row[]>(sql, ...params)]))[1]
        : await db.$queryRawUnsafe<Row[]>(sql, ...params);
  } catch (err) {
    // A cursor whose key passed the shape check but is no value (2026-13-45 ...): 22xxx data errors.
    if (search.cursor && /22[0-9A-Z]{3}|invalid input|out of range/i.test(String((err as { code?: string })?.code ?? "") + String((err as Error)?.message ?? "")))
      throw badRequest("cursor must be the cursor a previous page returned");
    throw err;
  }
  const row = rows[0];
  return { json: row?.json ?? "[]", next: row?.more ? row.last : null, rows: Number(row?.shown ?? 0) };
}
