import { staffRoute } from "@/lib/api/route";
import { listStaffCustomerPage, listStaffCustomers } from "@/lib/staff/list-staff-customers";
import { staffCustomersQuery } from "@/lib/validation/customers";

// GET /api/staff/customers - the business's open customers for the staff dashboard (name, email,
// number, points, spent), by name. Without parameters the whole list (spec 3). ?q=&cursor=&limit=
// (issue 23) searches on the server and reads a page (limit defaults to 50); X-Next-Cursor names
// the next page.
export const GET = staffRoute({ query: staffCustomersQuery }, async ({ auth, query }) => {
  const { q, cursor, limit } = query;
  if (q === undefined && cursor === undefined && limit === undefined) return listStaffCustomers(auth.businessId);
  const page = await listStaffCustomerPage(auth.businessId, { q, cursor, limit });
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (page.next) headers["x-next-cursor"] = encodeURIComponent(page.next);
  return new Response(page.json, { headers });
});
