import "server-only";
import type { Business } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/api-error";
import { countCustomers, toAdminBusinessDto, type AdminBusinessDto } from "@/lib/admin/list-businesses";
import { likePattern } from "@/lib/rules/like-pattern";

// GET /api/admin/businesses?q=&cursor=&limit= (issue 23): the super admin's business pickers search
// on the server instead of loading every business (10,000 of them) into three <select>s.
//
// Search: a part of the name or the email, any case (ILIKE '%q%', served by the trigram GIN indexes
// of migration 20261126100000_business_search_trgm from three characters on). Businesses have no
// slug; the email is what tells two "Corner Café"s apart.
// Order: by name, then id (a total order); pages are keyset pages on (name, id), served by the
// (name, id) index, so a page costs the same at the end of the list as at its start and businesses
// added meanwhile do not shift later pages. Deleted businesses are never listed, as in the whole list.

export const DEFAULT_ADMIN_BUSINESS_PAGE = 20;

export type AdminBusinessSearch = { q?: string; limit?: number; cursor?: { id: number; key: string } };
export type AdminBusinessPage = { businesses: AdminBusinessDto[]; nextCursor: string | null };

export async function searchBusinesses(search: AdminBusinessSearch): Promise<AdminBusinessPage> {
  const q = search.q?.trim() ?? "";
  const limit = search.limit ?? DEFAULT_ADMIN_BUSINESS_PAGE;
  const params: unknown[] = [limit];
  const where = [`b."accountStatus" <> 'deleted'`];
  if (q) {
    params.push(likePattern(q));
    // Below three characters a trigram index cannot narrow the search: the columns are wrapped so
    // the planner walks the (name, id) index in the page's order and stops at a page.
    const col = (name: string) => (q.length < 3 ? `(${name} || '')` : name);
    where.push(`(${col("b.name")} ILIKE $${params.length} OR ${col("b.email")} ILIKE $${params.length})`);
  }
  if (search.cursor) {
    params.push(search.cursor.key, search.cursor.id);
    where.push(`(b.name, b.id) > ($${params.length - 1}::text, $${params.length}::int)`);
  }
  // One statement (the page's rows with their open customers counted): one round trip a keystroke.
  const rows = await db.$queryRawUnsafe<(Business & { customer_count: number })[]>(
    `SELECT b.*, (SELECT count(*)::int FROM customers c WHERE c."businessId" = b.id AND c."accountStatus" <> 'closed') AS customer_count
     FROM businesses b WHERE ${where.join(" AND ")} ORDER BY b.name, b.id LIMIT $1::int + 1`,
    ...params,
  );
  const businesses = rows.slice(0, limit).map((b) => toAdminBusinessDto(b, Number(b.customer_count)));
  const last = businesses.at(-1);
  return { businesses, nextCursor: rows.length > limit && last ? `${last.id}.${last.name}` : null };
}

/** GET /api/admin/businesses/{id}: the picked business's row, fresh after an edit (deleted: not found). */
export async function getAdminBusiness(id: number): Promise<AdminBusinessDto> {
  const [b, counts] = await Promise.all([db.business.findFirst({ where: { id, accountStatus: { not: "deleted" } } }), countCustomers([id])]);
  if (!b) throw notFound("Business not found");
  return toAdminBusinessDto(b, counts.get(id) ?? 0);
}
