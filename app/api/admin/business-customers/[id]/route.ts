import { adminRoute, idParam } from "@/lib/api/route";
import { listBusinessCustomerPage, listBusinessCustomers } from "@/lib/admin/admin-customers";
import { adminBusinessCustomersQuery } from "@/lib/validation/admin";

/** The Customers tab's page size when a request names none. */
const DEFAULT_LIMIT = 50;

// GET /api/admin/business-customers/{id} - a business's customers (admin view), newest first.
// ?q=&cursor=&limit= (issue 23) searches (name, email, membership number) and reads a page;
// X-Next-Cursor names the next page. Without them, the whole list.
export const GET = adminRoute({ params: idParam, query: adminBusinessCustomersQuery }, async ({ params, query }) => {
  const { q, cursor, limit } = query;
  if (q === undefined && cursor === undefined && limit === undefined) return listBusinessCustomers(params.id);
  const page = await listBusinessCustomerPage(params.id, { q, cursor, limit: limit ?? DEFAULT_LIMIT });
  return Response.json(page.customers, { headers: page.next ? { "x-next-cursor": page.next } : {} });
});
