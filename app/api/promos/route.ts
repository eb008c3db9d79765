import { businessRoute } from "@/lib/api/route";
import { badRequest } from "@/lib/errors/api-error";
import { createVoucherSchema, listVouchersQuery } from "@/lib/validation/vouchers";
import { listVouchers } from "@/lib/vouchers/list-vouchers";
import { listPromoVouchers, searchVouchersPage } from "@/lib/vouchers/search-vouchers";
import { createVouchers } from "@/lib/vouchers/create-vouchers";

// GET /api/promos - the business's vouchers (one per customer), newest first.
// ?q=&sort=&order=&limit=&cursor= (issue 23) search, sort and page on the server: the rows of one
// page; X-Next-Cursor names the next page (limit defaults to 50); with total=1 the first page
// carries X-Total-Count. ?codes=A,B[&customerIds=1,2] answers the vouchers that decide the
// transaction hub's promo column for those codes (and customers). No parameters: the whole list.
export const GET = businessRoute({ query: listVouchersQuery }, async ({ auth, query, now }) => {
  const { q, sort, order, limit, cursor, total, codes, customerIds } = query;
  if (codes) return listPromoVouchers(auth.businessId, codes, customerIds ?? [], now);
  if (customerIds) throw badRequest("customerIds goes with codes");
  if ([q, sort, order, limit, cursor, total].every((v) => v === undefined)) return listVouchers(auth.businessId, now);
  const page = await searchVouchersPage(auth.businessId, { q, sort, order, limit: limit ?? 50, cursor, withTotal: total !== undefined }, now);
  const headers: Record<string, string> = {};
  if (page.next) headers["x-next-cursor"] = encodeURIComponent(page.next);
  if (page.total !== undefined) headers["x-total-count"] = String(page.total);
  return Response.json(page.rows, { headers });
});

// POST /api/promos - create a voucher for the selected customers and send it by email and/or SMS
export const POST = businessRoute({ body: createVoucherSchema, maxBodyBytes: 200_000 }, ({ auth, body, now }) => createVouchers(auth, body, now));
