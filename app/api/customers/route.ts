import { businessRoute } from "@/lib/api/route";
import { listCustomersPageJson, streamCustomersJson } from "@/lib/customers/list-customers-json";
import { searchCustomersPage } from "@/lib/customers/search-customers";
import { listEligibleCustomerIds } from "@/lib/customers/list-eligible-customer-ids";
import { searchCustomersQuery } from "@/lib/validation/customers";

const JSON_TYPE = { "content-type": "application/json" };

// GET /api/customers - the business's customers (not parked), newest first (JSON built by the
// database). ?limit=&before= reads the same list a page at a time; X-Next-Before names the next page.
// ?q=&sort=&order=&cursor= (issue 23) search and sort on the server; X-Next-Cursor names the next
// page of that list (limit defaults to 50 there); with total=1 the first page carries X-Total-Count.
// &status=open|active, &ids=1,2,3 and &exclude=<id> filter it (the pickers' rules).
export const GET = businessRoute({ query: searchCustomersQuery }, async ({ auth, query }) => {
  // ?eligible=email|sms|email,sms|none[&q=]: the voucher picker's "select all eligible", an array of ids.
  if (query.eligible) return Response.json(await listEligibleCustomerIds(auth.businessId, { q: query.q, ...query.eligible }));
  const { q, sort, order, cursor, total, status, ids, exclude } = query;
  const searching = [q, sort, order, cursor, total, status, ids, exclude].some((v) => v !== undefined);
  if (searching) {
    const page = await searchCustomersPage(auth.businessId, { q, sort, order, limit: query.limit ?? 50, cursor, status, ids, exclude, withTotal: total !== undefined });
    const headers: Record<string, string> = { ...JSON_TYPE };
    if (page.next) headers["x-next-cursor"] = encodeURIComponent(page.next);
    if (page.total) {
      headers["x-total-count"] = String(page.total.count);
      headers["x-total-kind"] = page.total.kind;
    }
    return new Response(page.json, { headers });
  }
  // The whole list streams a page at a time: its memory does not grow with the business.
  if (query.limit === undefined && query.before === undefined) return new Response(streamCustomersJson(auth.businessId), { headers: JSON_TYPE });
  const page = await listCustomersPageJson(auth.businessId, query.limit ?? 1000, query.before);
  return new Response(page.json, { headers: page.next ? { ...JSON_TYPE, "x-next-before": page.next } : JSON_TYPE });
});
