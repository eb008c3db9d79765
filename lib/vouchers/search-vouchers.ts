import "server-only";
import { db } from "@/lib/db";
import { badRequest } from "@/lib/errors/api-error";
import { toVoucherDto, voucherCustomerSelect, type VoucherDto } from "@/lib/vouchers/voucher-dto";
import type { VoucherSort } from "@/lib/validation/vouchers";
import type { PromoVoucher } from "@/lib/rules/transaction-display";
import { likePattern } from "@/lib/rules/like-pattern";
import { assertCustomersOfBusiness } from "@/lib/customers/get-customer-or-throw";

// GET /api/promos?q=&sort=&order=&limit=&cursor=&total=1 (issue 23): the voucher hub searches, sorts
// and pages on the server instead of loading every voucher of the business into the browser.
//
// Search: what the hub's search did in the browser (filterVouchers, before issue 23): a part of the
// title, the description or the promo code, case-insensitive (ILIKE '%q%', with %, _ and \ literal).
// Sort: created (newest first by default), title, code or expiry (no expiry sorts as the latest),
// then id, so the order is total; pages are keyset pages on (sort key, id), so vouchers created
// while a list is read do not shift its later pages. The cursor is the last row's id and its sort
// key as PostgreSQL prints it, cast back by the query (as GET /api/customers does).
// Measured at 20,000 vouchers in one business: docs/scaling.md, "T3".

const SORT_KEYS: Record<VoucherSort, { expr: string; cast: string; valid: RegExp; order: "asc" | "desc" }> = {
  created: { expr: `v."createdAt"`, cast: "timestamp", valid: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?$/, order: "desc" },
  title: { expr: `v.title`, cast: "text", valid: /^[^]*$/, order: "asc" },
  code: { expr: `v."promoCode"`, cast: "text", valid: /^[^]*$/, order: "asc" },
  expiry: { expr: `coalesce(v."expiresAt", 'infinity'::timestamp)`, cast: "timestamp", valid: /^(infinity|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?)$/, order: "asc" },
};

export type VoucherSearch = {
  q?: string;
  sort?: VoucherSort;
  order?: "asc" | "desc";
  limit: number;
  cursor?: { key: string; id: number };
  withTotal?: boolean;
};

export type VoucherSearchPage = {
  rows: VoucherDto[];
  /** The next page's cursor, null on the last page. */
  next: string | null;
  /** With `withTotal`, on a first page only: how many vouchers match (exact). */
  total?: number;
};

const CURSOR_MESSAGE = "cursor must be the cursor a previous page returned";

/** The business's vouchers that match q ($1 = the business id; parameters are appended). */
function matchConditions(q: string, params: unknown[]): string[] {
  const where = [`v."businessId" = $1::int`];
  if (!q) return where;
  params.push(likePattern(q));
  const like = `$${params.length}`;
  where.push(`(v.title ILIKE ${like} OR v.description ILIKE ${like} OR v."promoCode" ILIKE ${like})`);
  return where;
}

export async function searchVouchersPage(businessId: number, search: VoucherSearch, now: Date): Promise<VoucherSearchPage> {
  const q = search.q?.trim() ?? "";
  const counting = search.withTotal === true && !search.cursor;
  // The count runs beside the page (another connection), so the rows do not wait for it.
  const counted = counting ? countVouchers(businessId, q) : null;
  counted?.catch(() => {}); // rejects where it is awaited, below
  const page = await pageOf(businessId, search, q, now);
  if (!counted) return page;
  // A first page that is the whole answer is its own count.
  return { ...page, total: page.next === null ? page.rows.length : await counted };
}

/** How many of the business's vouchers match q (all of them without q). */
async function countVouchers(businessId: number, q: string): Promise<number> {
  const params: unknown[] = [businessId];
  const where = matchConditions(q, params).join(" AND ");
  const rows = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM vouchers v WHERE ${where}`, ...params);
  return Number(rows[0]?.n ?? 0);
}

async function pageOf(businessId: number, search: VoucherSearch, q: string, now: Date): Promise<VoucherSearchPage> {
  const sort = search.sort ?? "created";
  const key = SORT_KEYS[sort];
  const order = search.order ?? key.order;
  const params: unknown[] = [businessId, search.limit];
  const where = matchConditions(q, params);
  if (search.cursor) {
    if (!key.valid.test(search.cursor.key)) throw badRequest(CURSOR_MESSAGE);
    params.push(search.cursor.key, search.cursor.id);
    where.push(`(${key.expr}, v.id) ${order === "desc" ? "<" : ">"} ($${params.length - 1}::${key.cast}, $${params.length}::int)`);
  }
  const dir = order === "desc" ? "DESC" : "ASC";
  const sql = `SELECT v.id, ${key.expr}::text AS key FROM vouchers v WHERE ${where.join(" AND ")} ORDER BY ${key.expr} ${dir}, v.id ${dir} LIMIT $2::int + 1`;
  let found: { id: number; key: string }[];
  try {
    found = await db.$queryRawUnsafe<{ id: number; key: string }[]>(sql, ...params);
  } catch (err) {
    // A cursor whose key passed the shape check but is no value (2026-13-45 ...): 22xxx data errors.
    if (search.cursor && /22[0-9A-Z]{3}|invalid input|out of range/i.test(String((err as { code?: string })?.code ?? "") + String((err as Error)?.message ?? "")))
      throw badRequest(CURSOR_MESSAGE);
    throw err;
  }
  const shown = found.slice(0, search.limit);
  const rows = await vouchersByIds(businessId, shown.map((r) => r.id), now);
  const last = shown[shown.length - 1];
  return { rows, next: found.length > search.limit && last ? `${last.id}.${last.key}` : null };
}

/** These vouchers of the business as DTOs, in the order of `ids`. */
async function vouchersByIds(businessId: number, ids: number[], now: Date): Promise<VoucherDto[]> {
  if (ids.length === 0) return [];
  const rows = await db.voucher.findMany({ where: { businessId, id: { in: ids } }, include: { customer: voucherCustomerSelect } });
  const byId = new Map(rows.map((v) => [v.id, toVoucherDto(v, now)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The vouchers that decide the transaction hub's promo column (lib/rules/transaction-display.ts
 *  promoCell) for transactions with these codes and customers: each customer's own vouchers with
 *  the codes, and for each code the one voucher of any customer that decides it when the
 *  transaction's customer has none (a live one, else an expired one, else a cancelled or deleted
 *  one). A code shared by thousands of vouchers answers at most one row more than its customers'.
 *  Codes are stored upper-case (the create schema upper-cases them); the codes asked for are too. */
export async function listPromoVouchers(businessId: number, codes: readonly string[], customerIds: readonly number[], now: Date): Promise<PromoVoucher[]> {
  await assertCustomersOfBusiness(businessId, customerIds);
  const wanted = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  if (wanted.length === 0) return [];
  const gone = `v.status IN ('deleted', 'cancelled')`;
  const expired = `(v.status = 'expired' OR (v."expiresAt" IS NOT NULL AND v."expiresAt" <= $3::timestamp))`;
  // Any one voucher of the kind decides the code alike; no ORDER BY, so each stops at its first
  // match on ("businessId", "promoCode") (ordered by id, the planner walked the primary key across
  // every business: 4.9 s for 50 codes at 20,000 vouchers in each of 6 businesses).
  const first = (condition: string) => `(SELECT v.id FROM vouchers v WHERE v."businessId" = $1::int AND v."promoCode" = code ${condition} LIMIT 1)`;
  const deciding = await db.$queryRawUnsafe<{ id: number | null }[]>(
    `SELECT coalesce(${first(`AND NOT ${gone} AND NOT ${expired}`)}, ${first(`AND NOT ${gone}`)}, ${first("")}) AS id FROM unnest($2::text[]) AS code`,
    businessId,
    wanted,
    now.toISOString(),
  );
  const ids = deciding.flatMap((r) => (r.id === null ? [] : [r.id]));
  const rows = await db.voucher.findMany({
    where: { businessId, OR: [{ id: { in: ids } }, ...(customerIds.length ? [{ promoCode: { in: wanted }, customerId: { in: [...customerIds] } }] : [])] },
    include: { customer: voucherCustomerSelect },
    orderBy: { id: "asc" },
  });
  return rows.map((v) => {
    const { promoCode, status, expiresAt, customerId } = toVoucherDto(v, now);
    return { promoCode, status, expiresAt, customerId };
  });
}
