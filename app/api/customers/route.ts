import { businessRoute } from "@/lib/api/route";
import { listCustomersJson, listCustomersPageJson } from "@/lib/customers/list-customers-json";
import { listCustomersQuery } from "@/lib/validation/customers";

const JSON_TYPE = { "content-type": "application/json" };

// GET /api/customers - the business's customers (not parked), newest first (JSON built by the
// database). ?limit=&before= reads the same list a page at a time; X-Next-Before names the next page.
export const GET = businessRoute({ query: listCustomersQuery }, async ({ auth, query }) => {
  if (query.limit === undefined && query.before === undefined) return new Response(await listCustomersJson(auth.businessId), { headers: JSON_TYPE });
  const page = await listCustomersPageJson(auth.businessId, query.limit ?? 1000, query.before);
  return new Response(page.json, { headers: page.next ? { ...JSON_TYPE, "x-next-before": page.next } : JSON_TYPE });
});
